import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getToken } from '../../api/token';
import { setLocale } from '../../i18n';
import { routes } from '../../app/routes';
import { ANON_TOKEN, apiError, authStatus, envelope, type Handler, mockFetch, signedInAuthStatus } from '../../testing/fetchMock';
import { renderRoute, storeFor } from '../../testing/render';
import { rememberSignInFrom, SIGN_IN_FROM_MAX_AGE_MS, takeSignInFrom } from './signInFrom';
import { safeRedirect } from './VerifyPage';

const SESSION_TOKEN = 's'.repeat(64);
const ACCOUNT = '9b2e6f1c-5d7a-4c3b-8e9f-0a1b2c3d4e5f';
const EMAIL = 'ada@example.org';
let n = 0;
/** Each test its own link token: the page remembers the tokens it has tried. */
const linkToken = () => `${(++n).toString(16).padStart(4, '0')}${'f'.repeat(60)}`;

const verifiedResponse = (message?: string): Response =>
  envelope(
    {
      success: true,
      ...(message ? { message } : {}),
      is_new_account: true,
      uuid_replaced: true,
      user: { uuid: ACCOUNT, email: EMAIL, created_at: '2025-01-01T00:00:00Z' },
    },
    { 'X-User-Token': SESSION_TOKEN },
  );
const verified = (message?: string): Handler => () => verifiedResponse(message);

const status: Handler = (req) =>
  req.headers.get('X-User-Token') === SESSION_TOKEN
    ? envelope(
        signedInAuthStatus({
          user_token: SESSION_TOKEN,
          user: { uuid: ACCOUNT, email: EMAIL, created_at: '2025-01-01T00:00:00Z' },
        }),
      )
    : envelope(authStatus());

const inspected =
  (over: { is_new_account?: boolean; anonymous_submissions?: number; anonymous_work?: number } = {}): Handler =>
  () =>
    envelope({ success: true, email: EMAIL, is_new_account: false, anonymous_submissions: 0, anonymous_work: 0, ...over });

/** The button that signs in, once the page has looked at the link. */
const signInButton = () => screen.findByRole('button', { name: `Sign in as ${EMAIL}` });

function api(verify: Handler, inspect: Handler = inspected()) {
  return mockFetch({
    'POST /api/auth/magic-link/inspect': inspect,
    'POST /api/auth/verify-magic-link': verify,
    'GET /api/auth/status': status,
    'GET /api/me/profile': () => envelope({ uuid: ACCOUNT, email: EMAIL, profile_name: null, is_reviewer: false }),
  });
}

describe('/verify (SPEC §2, §4)', () => {
  it('verifies the token, stores the session token, refreshes the session and goes to the redirect', async () => {
    localStorage.setItem('user-token', ANON_TOKEN);
    let answer: (r: Response) => void = () => undefined;
    const token = linkToken();
    const { callsTo } = api(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { router, store } = renderRoute(`/verify?token=${token}&redirect=${encodeURIComponent('/help?from=mail')}`);

    // Opening the link signs nobody in: it says whom the link is for and waits for a click.
    await userEvent.click(await signInButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'Verifying...' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo('/api/auth/verify-magic-link')).toHaveLength(1));
    expect(JSON.parse(callsTo('/api/auth/magic-link/inspect')[0]!.body as string)).toEqual({ token });
    const req = callsTo('/api/auth/verify-magic-link')[0]!;
    expect(JSON.parse(req.body as string)).toEqual({ token, claim_anonymous_work: true });
    expect(req.headers.get('X-User-Token')).toBe(ANON_TOKEN);

    act(() => answer(verifiedResponse('Login successful')));
    await waitFor(() => expect(router.state.location.pathname).toBe('/help'));
    expect(router.state.location.search).toBe('?from=mail');
    expect(getToken()).toBe(SESSION_TOKEN);
    expect(callsTo('/api/auth/status').at(-1)!.headers.get('X-User-Token')).toBe(SESSION_TOKEN);
    expect(store.getState().session.isAuthenticated).toBe(true);
    expect(store.getState().session.user).toMatchObject({ id: ACCOUNT, email: EMAIL, emailVerified: true });
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
  });

  it('goes to / without a redirect, and toasts the server’s message', async () => {
    const token = linkToken();
    mockFetch({
      'POST /api/auth/magic-link/inspect': inspected(),
      'POST /api/auth/verify-magic-link': verified('Welcome back'),
      'GET /api/auth/status': status,
      'GET /api/me/profile': () => envelope({ uuid: ACCOUNT }),
      'GET /api/artworks/nearby': () => envelope({ artworks: [], total: 0, search_center: { lat: 0, lon: 0 }, search_radius: 500, limit: 250 }),
    });
    const { router, store } = renderRoute(`/verify?token=${token}`);
    await userEvent.click(await signInButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(store.getState().ui.toasts.map((t) => t.message)).toEqual(['Welcome back']);
  });

  it('goes back to the page where the link was asked for on this device, once, while it is fresh', async () => {
    api(verified());
    rememberSignInFrom('/artwork/42?tab=history');
    const first = renderRoute(`/verify?token=${linkToken()}`);
    await userEvent.click(await signInButton());
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/artwork/42'));
    expect(first.router.state.location.search).toBe('?tab=history');
    expect(takeSignInFrom()).toBeNull();
    first.unmount();

    // An hour later the page is forgotten.
    rememberSignInFrom('/lists/7', Date.now() - SIGN_IN_FROM_MAX_AGE_MS - 1);
    expect(takeSignInFrom()).toBeNull();
    // A link that names where to go wins; a path to another site is never followed.
    rememberSignInFrom('//evil.example/x');
    expect(safeRedirect(takeSignInFrom())).toBe('/');
  });

  it('defaults the toast to "Login successful"', async () => {
    api(verified());
    const { store } = renderRoute(`/verify?token=${linkToken()}&redirect=/help`);
    await userEvent.click(await signInButton());
    await waitFor(() => expect(store.getState().ui.toasts.map((t) => t.message)).toEqual(['Login successful']));
  });

  it('shows "Failed to verify magic link" with a way to ask for a new link when the token is refused', async () => {
    localStorage.setItem('user-token', ANON_TOKEN);
    const refused = () => apiError(400, 'INVALID_TOKEN', 'Failed to verify magic link');
    const { callsTo } = api(refused, refused);
    const { router, store } = renderRoute(`/verify?token=${linkToken()}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Failed to verify magic link' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify');
    expect(getToken()).toBe(ANON_TOKEN);
    expect(store.getState().session.isAuthenticated).toBe(false);
    expect(callsTo('/api/auth/verify-magic-link')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Request a new link' }));
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('fails when the link is refused at sign-in after it was looked at', async () => {
    api(() => apiError(400, 'INVALID_TOKEN', 'Failed to verify magic link'));
    const { store } = renderRoute(`/verify?token=${linkToken()}`);
    await userEvent.click(await signInButton());
    expect(await screen.findByRole('heading', { level: 2, name: 'Failed to verify magic link' })).toBeInTheDocument();
    expect(store.getState().session.isAuthenticated).toBe(false);
  });

  it('asks before this device’s contributions go to the account, and can leave them out', async () => {
    const { callsTo } = api(verified(), inspected({ is_new_account: true, anonymous_submissions: 2, anonymous_work: 5 }));
    renderRoute(`/verify?token=${linkToken()}`);
    const box = await screen.findByRole('checkbox', { name: 'Add the 2 contributions made on this device to this account' });
    expect(box).toBeChecked();
    expect(screen.getByText(/creates an account for/)).toBeInTheDocument();
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: `Create account as ${EMAIL}` }));
    await waitFor(() => expect(callsTo('/api/auth/verify-magic-link')).toHaveLength(1));
    expect(JSON.parse(callsTo('/api/auth/verify-magic-link')[0]!.body as string)).toMatchObject({ claim_anonymous_work: false });
  });

  it('asks too when the device saved artworks or sent feedback but submitted nothing', async () => {
    const { callsTo } = api(verified(), inspected({ anonymous_work: 3 }));
    renderRoute(`/verify?token=${linkToken()}`);
    const box = await screen.findByRole('checkbox', {
      name: 'Add the lists, saved artworks and feedback made on this device to this account',
    });
    expect(box).toBeChecked();
    await userEvent.click(box);
    await userEvent.click(await signInButton());
    await waitFor(() => expect(callsTo('/api/auth/verify-magic-link')).toHaveLength(1));
    expect(JSON.parse(callsTo('/api/auth/verify-magic-link')[0]!.body as string)).toMatchObject({ claim_anonymous_work: false });
  });

  it('shows the failure when no answer arrives', async () => {
    mockFetch({ 'POST /api/auth/magic-link/inspect': () => Promise.reject(new TypeError('offline')) });
    renderRoute(`/verify?token=${linkToken()}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Failed to verify magic link' })).toBeInTheDocument();
  });

  it('passes on the rate-limit message', async () => {
    const limited = () => apiError(429, 'RATE_LIMITED', 'Too many attempts. Try again in 10 minutes.');
    api(limited, limited);
    renderRoute(`/verify?token=${linkToken()}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Failed to verify magic link' })).toBeInTheDocument();
    expect(screen.getByText('Too many attempts. Try again in 10 minutes.')).toBeInTheDocument();
  });

  it.each([
    { locale: 'en', failed: 'Failed to verify magic link', newLink: 'Request a new link' },
    { locale: 'fr', failed: 'Échec de la vérification du lien de connexion', newLink: 'Demander un nouveau lien' },
  ] as const)('fails at once, without a call, when the link has no token ($locale)', async ({ locale, failed, newLink }) => {
    setLocale(locale);
    const { calls } = api(verified(), inspected({}));
    renderRoute('/verify');
    expect(await screen.findByRole('heading', { level: 2, name: failed })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: newLink })).toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname.startsWith('/api/auth/'))).toHaveLength(0);
  });

  it('sends the single-use token once under StrictMode (effects run twice), and only after the click', async () => {
    const { callsTo } = api(verified());
    const store = storeFor('anonymous');
    const router = createMemoryRouter(routes, { initialEntries: [`/verify?token=${linkToken()}&redirect=/help`] });
    render(
      <StrictMode>
        <Provider store={store}>
          <RouterProvider router={router} />
        </Provider>
      </StrictMode>,
    );
    const button = await signInButton();
    expect(callsTo('/api/auth/verify-magic-link')).toHaveLength(0);
    await userEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/help'));
    expect(callsTo('/api/auth/verify-magic-link')).toHaveLength(1);
    expect(store.getState().ui.toasts).toHaveLength(1);
    expect(store.getState().session.isAuthenticated).toBe(true);
  });

  it('follows only same-site paths after sign-in', () => {
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('/profile')).toBe('/profile');
    expect(safeRedirect('//evil.example/x')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
  });
});

describe('/verify in French', () => {
  it('asks before signing in, in French', async () => {
    setLocale('fr');
    api(verified(), inspected({ is_new_account: true, anonymous_submissions: 2, anonymous_work: 5 }));
    renderRoute(`/verify?token=${linkToken()}`);
    expect(await screen.findByRole('checkbox', { name: 'Rattacher à ce compte les 2 contributions faites sur cet appareil' })).toBeChecked();
    expect(screen.getByRole('button', { name: `Créer un compte pour ${EMAIL}` })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(document.title).toBe('Vérifier la connexion - Plinth');
  });
});
