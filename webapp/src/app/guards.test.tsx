import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initSession } from '../api/session';
import type { ArtworkDetailDto } from '../api/types';
import { authStatus, envelope, type Handler, mockFetch, signedInAuthStatus } from '../testing/fetchMock';
import { renderRoute } from '../testing/render';
import { makeStore } from './store';

const ARTWORK = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Digital Orca',
  description: 'A pixelated orca.',
  artwork_type: 'sculpture',
  status: 'approved',
  lat: 49.2889,
  lon: -123.1172,
  tags: { material: 'metal', year: '2009' },
  artists: [{ id: 'a1', name: 'Douglas Coupland' }],
  photos: [],
  main_photo: null,
  hidden_photos: [],
  provenance: null,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-02T00:00:00Z',
  logbook: [],
  also_from: [],
} satisfies ArtworkDetailDto;

function api() {
  return mockFetch({
    'GET /api/artworks/nearby': () => envelope({ artworks: [], total: 0, search_center: { lat: 0, lon: 0 }, search_radius: 500, limit: 250 }),
    [`GET /api/artworks/${ARTWORK.id}`]: () => envelope(ARTWORK),
  });
}

describe('route guards (SPEC §6)', () => {
  it('sends anonymous visitors of an edit page to / with login=required and the full path', async () => {
    api();
    const { router } = renderRoute(`/artwork/${ARTWORK.id}/edit?from=detail#top`, { who: 'anonymous' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('login')).toBe('required');
    expect(params.get('redirect')).toBe(`/artwork/${ARTWORK.id}/edit?from=detail#top`);
  });

  it('lets signed-in users edit', async () => {
    api();
    const { router } = renderRoute(`/artwork/${ARTWORK.id}/edit`, { who: 'user' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Digital Orca' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/artwork/${ARTWORK.id}/edit`);
  });

  it('waits for the session before deciding', async () => {
    api();
    const { router } = renderRoute('/admin', { who: 'initialising' });
    expect(await screen.findByText('Checking your access…')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it.each([
    ['/review', 'anonymous'],
    ['/review', 'user'],
    ['/moderation/feedback', 'user'],
  ] as const)('sends %s as %s to /?error=moderator_required', async (path, who) => {
    api();
    const { router } = renderRoute(path, { who });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('?error=moderator_required');
  });

  it.each([
    ['anonymous'],
    ['user'],
    ['moderator'],
  ] as const)('sends /admin as %s to /?error=admin_required', async (who) => {
    api();
    const { router } = renderRoute('/admin', { who });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('?error=admin_required');
  });

  it('lets moderators review and admins administer', async () => {
    api();
    renderRoute('/review', { who: 'moderator' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Review' })).toBeInTheDocument();
  });

  it('lets admins into /admin and /review', async () => {
    api();
    renderRoute('/admin', { who: 'admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Statistics' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('route guards read the server’s flags, once the session is initialised', () => {
  const ACCOUNT = '9b2e6f1c-5d7a-4c3b-8e9f-0a1b2c3d4e5f';
  const signedIn = (over: Parameters<typeof authStatus>[0] = {}): Handler => () =>
    envelope(
      signedInAuthStatus({
        user: { uuid: ACCOUNT, email: 'rev@example.org', created_at: null },
        ...over,
      }),
    );

  /** The app as it starts: no session yet, then initSession against the mocked server. */
  function start(path: string, routesFor: Record<string, Handler>) {
    mockFetch({
      'GET /api/artworks/nearby': () => envelope({ artworks: [], total: 0, search_center: { lat: 0, lon: 0 }, search_radius: 500, limit: 250 }),
      ...routesFor,
    });
    const store = makeStore();
    const rendered = renderRoute(path, { store });
    const init = store.dispatch(initSession());
    return { ...rendered, init };
  }

  it('lets a reviewer (profile is_reviewer) into /review though auth status has no moderator flag', async () => {
    start('/review', {
      'GET /api/auth/status': signedIn(),
      'GET /api/me/profile': () => envelope({ uuid: ACCOUNT, is_reviewer: true, debug: { permissions: [] } }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Review' })).toBeInTheDocument();
  });

  it('lets an admin by debug.permissions into /admin', async () => {
    start('/admin', {
      'GET /api/auth/status': signedIn(),
      'GET /api/me/profile': () => envelope({ uuid: ACCOUNT, debug: { permissions: [{ permission: 'admin', is_active: true }] } }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin' })).toBeInTheDocument();
  });

  it('lets a moderator by auth status (is_moderator, can_review) into /moderation/feedback', async () => {
    start('/moderation/feedback', {
      'GET /api/auth/status': signedIn({ is_moderator: true, can_review: true }),
      'GET /api/me/profile': () => envelope({ uuid: ACCOUNT }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Feedback' })).toBeInTheDocument();
  });

  it('checks access until both answers are in, then redirects a plain user', async () => {
    let answer: (r: Response) => void = () => undefined;
    const { router, init } = start('/review', {
      'GET /api/auth/status': signedIn(),
      'GET /api/me/profile': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    expect(await screen.findByText('Checking your access…')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(router.state.location.pathname).toBe('/review');
    await act(async () => {
      answer(envelope({ uuid: ACCOUNT, is_reviewer: false, debug: { permissions: [{ permission: 'moderator', is_active: false }] } }));
      await init;
    });
    await waitFor(() => expect(router.state.location.search).toBe('?error=moderator_required'));
  });

  it('sends a visitor to sign in only after the status answer says anonymous', async () => {
    let answer: (r: Response) => void = () => undefined;
    const { router, init } = start(`/artwork/${ARTWORK.id}/edit`, {
      'GET /api/auth/status': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    expect(await screen.findByText('Checking your access…')).toBeInTheDocument();
    await act(async () => {
      answer(envelope(authStatus()));
      await init;
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(new URLSearchParams(router.state.location.search).get('login')).toBe('required');
  });

  it('lets a signed-in user edit once the status says so', async () => {
    start(`/artwork/${ARTWORK.id}/edit`, {
      'GET /api/auth/status': signedIn(),
      'GET /api/me/profile': () => envelope({ uuid: ACCOUNT }),
      [`GET /api/artworks/${ARTWORK.id}`]: () => envelope(ARTWORK),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Digital Orca' })).toBeInTheDocument();
  });
});

describe('redirects and unknown paths (SPEC §2)', () => {
  it.each([
    ['/home', '/'],
    ['/terms', '/pages/terms-of-service'],
    ['/docs/terms-of-service', '/pages/terms-of-service'],
    ['/privacy', '/pages/privacy-policy'],
    ['/docs/privacy-policy', '/pages/privacy-policy'],
  ])('%s goes to %s', async (from, target) => {
    api();
    const { router } = renderRoute(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(target));
  });

  it('shows the not-found page for any other path', async () => {
    api();
    renderRoute('/no/such/place');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('/no/such/place')).toBeInTheDocument();
  });

  it('shows the terms page under its slug', async () => {
    api();
    renderRoute('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of service' })).toBeInTheDocument();
  });
});
