import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getToken } from '../../api/token';
import { setLocale } from '../../i18n';
import { dialogClosed, dialogOpened, signInOpened } from '../../lib/ui';
import { ANON_TOKEN, apiError, authStatus, envelope, type Handler, mockFetch, signedInAuthStatus } from '../../testing/fetchMock';
import { renderWithProviders, storeFor } from '../../testing/render';
import { normaliseCode } from './messages';
import { SignInDialog } from './SignInDialog';
import { takeSignInFrom } from './signInFrom';
import { validateEmail } from './validation';

const EMAIL = 'ada@example.org';
const SESSION_TOKEN = 's'.repeat(64);
const ACCOUNT = '9b2e6f1c-5d7a-4c3b-8e9f-0a1b2c3d4e5f';

function openDialog(mode: 'login' | 'signup' = 'login') {
  const store = storeFor('anonymous');
  store.dispatch(signInOpened(mode));
  return renderWithProviders(<SignInDialog />, { store, path: '/artworks?page=2' });
}

const emailBox = () => screen.getByRole('textbox', { name: 'Email address' });
const sendButton = () => screen.getByRole('button', { name: /Send link/ });

async function sendLink(email = EMAIL) {
  await userEvent.type(emailBox(), email);
  await userEvent.click(sendButton());
}

const linkSent = (isSignup: boolean): Handler => () =>
  envelope({ success: true, message: 'Check your email for a sign-in link', is_signup: isSignup });

describe('sign-in dialog: email step (SPEC §4, §5)', () => {
  it('validates the email: required, basic pattern, at most 254 characters', () => {
    expect(validateEmail('')).toBe('Email address is required');
    expect(validateEmail('   ')).toBe('Email address is required');
    expect(validateEmail('nope')).toBe('Please enter a valid email address');
    expect(validateEmail('a@b')).toBe('Please enter a valid email address');
    expect(validateEmail(`${'a'.repeat(245)}@b.example`)).toBe('Please enter a valid email address');
    expect(validateEmail(`${'a'.repeat(244)}@b.example`)).toBeNull();
    expect(validateEmail(' ada@example.org ')).toBeNull();
  });

  it('shows the validation messages and sends nothing until the address is valid', async () => {
    const { calls } = mockFetch();
    openDialog();
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
    await userEvent.click(sendButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Email address is required');
    expect(emailBox()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(emailBox(), 'nope');
    await userEvent.click(sendButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(calls).toHaveLength(0);
  });

  it('sends the trimmed address, then shows "Check Your Email"; "try again" goes back with the address kept', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/request-magic-link': linkSent(false) });
    openDialog();
    await sendLink(`  ${EMAIL} `);
    const sent = await screen.findByRole('dialog', { name: 'Check Your Email' });
    expect(JSON.parse(calls[0]!.body as string)).toEqual({ email: EMAIL });
    expect(within(sent).getByText(EMAIL)).toBeInTheDocument();
    expect(within(sent).getByText(/a sign-in link and a 6-digit code/)).toBeInTheDocument();
    expect(within(sent).queryByText(/If you are new here/)).not.toBeInTheDocument();
    // The link, opened on this device, comes back to the page the dialog was opened on.
    expect(takeSignInFrom()).toBe('/artworks?page=2');
    await userEvent.click(within(sent).getByRole('button', { name: 'try again' }));
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
    expect(emailBox()).toHaveValue(EMAIL);
  });

  it('switches to (neutral) sign-up wording when the server says is_signup', async () => {
    mockFetch({ 'POST /api/auth/request-magic-link': linkSent(true) });
    openDialog('login');
    await sendLink();
    const sent = await screen.findByRole('dialog', { name: 'Check Your Email' });
    expect(within(sent).getByText('If you are new here, the link also creates your account.')).toBeInTheDocument();
    await userEvent.click(within(sent).getByRole('button', { name: 'try again' }));
    expect(screen.getByRole('dialog', { name: 'Sign in or create an account' })).toBeInTheDocument();
  });

  it('reads the flag in its camelCase spelling too', async () => {
    mockFetch({ 'POST /api/auth/request-magic-link': () => envelope({ success: true, message: 'sent', isSignup: true }) });
    openDialog('login');
    await sendLink();
    expect(await screen.findByText('If you are new here, the link also creates your account.')).toBeInTheDocument();
  });

  it('is in sign-up mode when opened so, whatever the server says', async () => {
    mockFetch({ 'POST /api/auth/request-magic-link': linkSent(false) });
    openDialog('signup');
    expect(screen.getByRole('dialog', { name: 'Sign in or create an account' })).toBeInTheDocument();
    await sendLink();
    expect(await screen.findByText('If you are new here, the link also creates your account.')).toBeInTheDocument();
  });

  it.each([
    [429, 'RATE_LIMITED', 'Too many sign-in requests. Try again in 5 minutes.'],
    [400, 'VALIDATION_ERROR', 'Please enter a valid email address'],
  ])('shows the server’s message when the request is unsuccessful (%s)', async (status, code, message) => {
    mockFetch({ 'POST /api/auth/request-magic-link': () => apiError(status, code, message) });
    openDialog();
    await sendLink();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('shows the server’s message when the answer says success: false', async () => {
    mockFetch({
      'POST /api/auth/request-magic-link': () => envelope({ success: false, message: 'Mail is paused on this server', is_signup: false }),
    });
    openDialog();
    await sendLink();
    expect(await screen.findByRole('alert')).toHaveTextContent('Mail is paused on this server');
  });

  it('says "Failed to send magic link. Please try again." when no answer arrives', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    openDialog();
    await sendLink();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send magic link. Please try again.');
  });
});

describe('sign-in dialog: the code on the sent step', () => {
  /** Signs in as ACCOUNT once the session token is presented. */
  function signedInStatus(): Handler {
    return (req) =>
      req.headers.get('X-User-Token') === SESSION_TOKEN
        ? envelope(
            signedInAuthStatus({
              user_token: SESSION_TOKEN,
              user: { uuid: ACCOUNT, email: EMAIL, created_at: '2025-01-01T00:00:00Z' },
              profile_name: 'ada',
            }),
          )
        : envelope(authStatus());
  }

  async function toSentStep() {
    await sendLink();
    await screen.findByRole('dialog', { name: 'Check Your Email' });
    return screen.getByRole('textbox', { name: '6-digit code' });
  }

  it('keeps only digits, at most six', () => {
    expect(normaliseCode('12a3 45-6 7')).toBe('123456');
    expect(normaliseCode('')).toBe('');
  });

  it('asks for all six digits before sending', async () => {
    const { callsTo } = mockFetch({ 'POST /api/auth/request-magic-link': linkSent(false) });
    openDialog();
    const code = await toSentStep();
    await userEvent.type(code, '123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the 6-digit code from the email');
    expect(callsTo('/api/auth/verify-magic-link')).toHaveLength(0);
  });

  it('verifies {email, code}, shows "Verifying...", stores the session token and signs in', async () => {
    localStorage.setItem('user-token', ANON_TOKEN);
    let answer: (r: Response) => void = () => undefined;
    const { callsTo } = mockFetch({
      'POST /api/auth/request-magic-link': linkSent(false),
      'POST /api/auth/verify-magic-link': () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET /api/auth/status': signedInStatus(),
      'GET /api/me/profile': () => envelope({ uuid: ACCOUNT, email: EMAIL, profile_name: 'ada', is_reviewer: false }),
    });
    const { store } = openDialog();
    const code = await toSentStep();
    await userEvent.type(code, '123 456');
    expect(code).toHaveValue('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with code' }));

    expect(await screen.findByRole('dialog', { name: 'Verifying...' })).toBeInTheDocument();
    expect(JSON.parse(callsTo('/api/auth/verify-magic-link')[0]!.body as string)).toEqual({ email: EMAIL, code: '123456' });

    act(() =>
      answer(
        envelope(
          {
            success: true,
            message: 'Login successful',
            is_new_account: false,
            uuid_replaced: true,
            user: { uuid: ACCOUNT, email: EMAIL, created_at: '2025-01-01T00:00:00Z' },
          },
          { 'X-User-Token': SESSION_TOKEN },
        ),
      ),
    );
    await waitFor(() => expect(store.getState().ui.dialog).toBeNull());
    expect(getToken()).toBe(SESSION_TOKEN);
    expect(localStorage.getItem('user-token')).toBe(SESSION_TOKEN);
    expect(store.getState().session.isAuthenticated).toBe(true);
    expect(store.getState().session.user).toMatchObject({ id: ACCOUNT, email: EMAIL, emailVerified: true, profileName: 'ada' });
    expect(store.getState().ui.toasts.map((t) => [t.type, t.message])).toEqual([['success', 'Login successful']]);
  });

  it('falls back to "Login successful" when the server gives no message', async () => {
    mockFetch({
      'POST /api/auth/request-magic-link': linkSent(false),
      'POST /api/auth/verify-magic-link': () => envelope({ success: true }, { 'X-User-Token': SESSION_TOKEN }),
      'GET /api/auth/status': signedInStatus(),
      'GET /api/me/profile': () => envelope({ uuid: ACCOUNT }),
    });
    const { store } = openDialog();
    await userEvent.type(await toSentStep(), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with code' }));
    await waitFor(() => expect(store.getState().ui.dialog).toBeNull());
    expect(store.getState().ui.toasts[0]?.message).toBe('Login successful');
  });

  it('returns to the code with "Failed to verify magic link" when the code is wrong', async () => {
    mockFetch({
      'POST /api/auth/request-magic-link': linkSent(false),
      'POST /api/auth/verify-magic-link': () => apiError(400, 'INVALID_TOKEN', 'Failed to verify magic link'),
    });
    const { store } = openDialog();
    await userEvent.type(await toSentStep(), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to verify magic link');
    expect(screen.getByRole('dialog', { name: 'Check Your Email' })).toBeInTheDocument();
    expect(store.getState().session.isAuthenticated).toBe(false);
  });

  it('says "Failed to verify magic link" when no answer arrives, and the server’s message when rate limited', async () => {
    let limited = false;
    mockFetch({
      'POST /api/auth/request-magic-link': linkSent(false),
      'POST /api/auth/verify-magic-link': () =>
        limited ? apiError(429, 'RATE_LIMITED', 'Too many attempts. Try again in 15 minutes.') : Promise.reject(new TypeError('offline')),
    });
    openDialog();
    await userEvent.type(await toSentStep(), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to verify magic link');
    limited = true;
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with code' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts. Try again in 15 minutes.'));
  });
});

describe('sign-in dialog: resets on open (SPEC §4)', () => {
  it('starts empty at the email step every time it opens', async () => {
    mockFetch({ 'POST /api/auth/request-magic-link': linkSent(false) });
    const { store } = openDialog();
    await sendLink();
    await screen.findByRole('dialog', { name: 'Check Your Email' });
    act(() => {
      store.dispatch(dialogClosed());
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(signInOpened('login'));
    });
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
    expect(emailBox()).toHaveValue('');
  });

  it('resets when opened again over another dialog, in the new mode', async () => {
    const { store } = openDialog();
    await userEvent.type(emailBox(), 'half@');
    act(() => {
      store.dispatch(dialogOpened('about'));
      store.dispatch(signInOpened('signup'));
    });
    expect(emailBox()).toHaveValue('');
    expect(screen.getByRole('dialog', { name: 'Sign in or create an account' })).toBeInTheDocument();
  });
});

describe('sign-in dialog in French', () => {
  it('asks for the address, validates it and says where the link went, in French', async () => {
    setLocale('fr');
    mockFetch({ 'POST /api/auth/request-magic-link': linkSent(false) });
    openDialog();
    expect(screen.getByRole('dialog', { name: 'Connexion' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Envoyer le lien/ }));
    expect(screen.getByRole('alert')).toHaveTextContent('L’adresse courriel est obligatoire');
    await userEvent.type(screen.getByRole('textbox', { name: 'Adresse courriel' }), EMAIL);
    await userEvent.click(screen.getByRole('button', { name: /Envoyer le lien/ }));
    const sent = await screen.findByRole('dialog', { name: 'Consultez vos courriels' });
    expect(within(sent).getByText(/un lien de connexion et un code à 6 chiffres/)).toBeInTheDocument();
    expect(within(sent).getByRole('button', { name: 'Se connecter avec le code' })).toBeInTheDocument();
    await userEvent.click(within(sent).getByRole('button', { name: 'Se connecter avec le code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Saisissez le code à 6 chiffres reçu par courriel');
  });
});
