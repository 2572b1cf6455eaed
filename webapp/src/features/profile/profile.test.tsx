import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SessionState } from '../../api/session';
import { makeStore } from '../../app/store';
import { setLocale } from '../../i18n';
import { apiError, envelope, mockFetch, type Handler, type RecordedRequest } from '../../testing/fetchMock';
import { areaList } from '../../testing/areas';
import { systemLists } from '../../testing/lists';
import { renderRoute, sessionFor } from '../../testing/render';
import { submissionList } from '../../testing/submissions';
import { MY_PROFILE, PROFILE_ACCOUNT } from '../../testing/profile';

const ACCOUNT = PROFILE_ACCOUNT;
const PROFILE = MY_PROFILE;

/** PATCH /me/profile answers the profile without the statistics. */
const { statistics: _stats, ...PATCHED } = PROFILE;

const nameOf = (req: RecordedRequest) => req.url.searchParams.get('profile_name') ?? '';

/** The server's rules, roughly: 3–20 ASCII letters, digits and inner dashes; 'taken' is taken. */
const check: Handler = (req) => {
  const name = nameOf(req);
  if (!/^[A-Za-z0-9](?:[A-Za-z0-9-]{1,18})[A-Za-z0-9]$/.test(name)) {
    return envelope({ profile_name: name, valid: false, available: false, message: 'Use 3–20 letters, digits or dashes' });
  }
  if (name.toLowerCase() === 'taken') {
    return envelope({ profile_name: name, valid: true, available: false, message: 'That profile name is already taken' });
  }
  return envelope({ profile_name: name, valid: true, available: true, message: null });
};

function api(over: Record<string, Handler> = {}) {
  return mockFetch({
    'GET /api/me/submissions': () => envelope(submissionList([])),
    'GET /api/me/edits': () => envelope({ edits: [], pagination: { page: 1, limit: 20, total: 0, total_pages: 0, has_more: false } }),
    'GET /api/me/lists': () => envelope({ lists: systemLists() }),
    'GET /api/me/areas': () => areaList([]),
    'GET /api/me/profile': () => envelope(PROFILE),
    'GET /api/me/profile-check': check,
    ...over,
  });
}

function signedIn(profileName: string | null = null) {
  const s: SessionState = sessionFor('user');
  return makeStore({ session: { ...s, user: { ...s.user!, createdAt: '2024-03-12T10:00:00Z', profileName } } });
}

const nameBox = () => screen.getByRole('textbox', { name: 'Profile name' });
/** A section of the page by its heading. */
const section = (name: string) => screen.getByRole('region', { name });
/** A description list's terms and values, in a region. */
function countsIn(region: HTMLElement, index = 0): Record<string, string> {
  const list = region.querySelectorAll('dl')[index]!;
  return Object.fromEntries(
    within(list as HTMLElement)
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? '']),
  );
}
/** Alerts of the screen (the shell's live announcer is an alert region too). */
const main = () => within(screen.getByRole('main'));

describe('/profile header (SPEC §3, §6)', () => {
  it('shows an anonymous visitor the display name rule and a way to sign in, without asking for a profile', async () => {
    const { callsTo } = api();
    renderRoute('/profile', { who: 'anonymous' });
    const card = await screen.findByRole('region', { name: 'Your profile' });
    expect(within(card).getByText('Anonymous (0f8fad5b...)')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Profile name' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Submissions' })).toBeInTheDocument();
    expect(callsTo('/api/me/profile')).toHaveLength(0);
  });

  it('shows the signed-in user’s email, role and member-since date', async () => {
    api();
    renderRoute('/profile', { store: signedIn() });
    const card = await screen.findByRole('region', { name: 'Your profile' });
    expect(within(card).getByText('ada@example.org')).toBeInTheDocument();
    expect(within(card).getByText(/Contributor/)).toBeInTheDocument();
    expect(within(card).getByText(/Member since .*2024/)).toBeInTheDocument();
    expect(nameBox()).toHaveValue('');
  });

  it('leads with the profile name when there is one, and links the public profile', async () => {
    api({ 'GET /api/me/profile': () => envelope({ ...PROFILE, profile_name: 'ada-l' }) });
    renderRoute('/profile', { store: signedIn('ada-l') });
    const card = await screen.findByRole('region', { name: 'Your profile' });
    expect(within(card).getByText('ada-l')).toHaveClass('profile-card__name');
    expect(within(card).getByText('ada@example.org')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View your public profile' })).toHaveAttribute('href', `/users/${ACCOUNT}`);
    expect(nameBox()).toHaveValue('ada-l');
  });

  it('shows the moderator role from the session', async () => {
    api();
    renderRoute('/profile', { who: 'moderator' });
    const card = await screen.findByRole('region', { name: 'Your profile' });
    expect(within(card).getByText(/Moderator/)).toBeInTheDocument();
  });
});

describe('/profile in French', () => {
  it('shows the anonymous profile, its sections and preferences in French', async () => {
    api();
    setLocale('fr');
    renderRoute('/profile', { who: 'anonymous' });
    const card = await screen.findByRole('region', { name: 'Votre profil' });
    expect(screen.getByRole('heading', { level: 1, name: 'Mes contributions' })).toBeInTheDocument();
    expect(within(card).getByText('Contributeur anonyme sur cet appareil')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Contributions' })).toBeInTheDocument();
    const preferences = screen.getByRole('region', { name: 'Préférences' });
    expect(
      within(preferences).getByText(
        'Ce thème et cette langue ne sont conservés que sur cet appareil. Connectez-vous pour retrouver vos préférences sur tous vos appareils.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Profil - Plinth'));
  });
});

describe('/profile statistics', () => {
  it('shows the submissions by state, the approved work and the badges, with a link to them', async () => {
    api();
    renderRoute('/profile', { store: signedIn() });
    const stats = await screen.findByRole('region', { name: 'Statistics' });
    await waitFor(() => expect(stats.querySelectorAll('dl')).toHaveLength(2));
    expect(within(stats).getByRole('heading', { level: 3, name: 'Submissions' })).toBeInTheDocument();
    expect(countsIn(stats, 0)).toEqual({ 'Pending review': '2', Approved: '9', Rejected: '1', Withdrawn: '3' });
    expect(within(stats).getByRole('heading', { level: 3, name: 'Approved contributions' })).toBeInTheDocument();
    expect(countsIn(stats, 1)).toEqual({ 'Artworks added': '4', Photos: '11', 'Visits logged': '3', Edits: '2', Badges: '5' });
    expect(within(stats).getByRole('link', { name: 'See your badges' })).toHaveAttribute('href', '/profile/badges');
  });

  it('keeps them after saving a profile name (the answer has none)', async () => {
    api({
      'PATCH /api/me/profile': (req) =>
        envelope({ ...PATCHED, profile_name: (JSON.parse(req.body as string) as { profile_name: string }).profile_name }),
    });
    renderRoute('/profile', { store: signedIn() });
    const stats = await screen.findByRole('region', { name: 'Statistics' });
    await waitFor(() => expect(stats.querySelectorAll('dl')).toHaveLength(2));
    await userEvent.type(nameBox(), 'ada-l');
    await screen.findByText('ada-l is available');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Your profile' })).getByText('ada-l')).toHaveClass('profile-card__name'));
    expect(countsIn(screen.getByRole('region', { name: 'Statistics' }), 1)).toMatchObject({ Badges: '5', Photos: '11' });
  });

  it('reads them afresh on each visit', async () => {
    let badges = 5;
    const { callsTo } = api({ 'GET /api/me/profile': () => envelope({ ...PROFILE, statistics: { ...PROFILE.statistics, badges } }) });
    const { router } = renderRoute('/profile', { store: signedIn() });
    const stats = await screen.findByRole('region', { name: 'Statistics' });
    await waitFor(() => expect(countsIn(stats, 1)).toMatchObject({ Badges: '5' }));
    badges = 6;
    await act(() => router.navigate('/help'));
    await screen.findByRole('heading', { level: 1, name: /Help/ });
    await act(() => router.navigate('/profile'));
    await waitFor(() => expect(countsIn(screen.getByRole('region', { name: 'Statistics' }), 1)).toMatchObject({ Badges: '6' }));
    expect(callsTo('/api/me/profile').filter((c) => c.method === 'GET').length).toBeGreaterThanOrEqual(2);
  });

  it('has none for an anonymous visitor', async () => {
    api();
    renderRoute('/profile', { who: 'anonymous' });
    await screen.findByRole('region', { name: 'Your profile' });
    expect(screen.queryByRole('region', { name: 'Statistics' })).not.toBeInTheDocument();
  });
});

describe('the profile-name editor', () => {
  it('checks availability once typing stops (debounced), with the typed name', async () => {
    const { callsTo } = api();
    renderRoute('/profile', { store: signedIn() });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Profile name' }), 'ada-lovelace');
    expect(callsTo('/api/me/profile-check')).toHaveLength(0);
    expect(screen.getByText('Checking availability…')).toBeInTheDocument();
    expect(await screen.findByText('ada-lovelace is available')).toBeInTheDocument();
    const calls = callsTo('/api/me/profile-check');
    expect(calls).toHaveLength(1);
    expect(nameOf(calls[0]!)).toBe('ada-lovelace');
    await new Promise((r) => setTimeout(r, 400));
    expect(callsTo('/api/me/profile-check')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('shows the server’s message for a taken name and blocks saving it', async () => {
    const { callsTo } = api();
    renderRoute('/profile', { store: signedIn() });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Profile name' }), 'taken');
    expect(await screen.findByText('That profile name is already taken')).toBeInTheDocument();
    expect(nameBox()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(callsTo('/api/me/profile').filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it('shows the server’s message for an invalid name', async () => {
    api();
    renderRoute('/profile', { store: signedIn() });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Profile name' }), '-x');
    expect(await screen.findByText('Use 3–20 letters, digits or dashes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('does not check or save the current name', async () => {
    const { callsTo } = api({ 'GET /api/me/profile': () => envelope({ ...PROFILE, profile_name: 'ada-l' }) });
    renderRoute('/profile', { store: signedIn('ada-l') });
    await screen.findByRole('region', { name: 'Your profile' });
    await new Promise((r) => setTimeout(r, 400));
    expect(callsTo('/api/me/profile-check')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('saves with PATCH /me/profile and shows the new name', async () => {
    let saved: string | null = null;
    const { calls } = api({
      'GET /api/me/profile': () => envelope({ ...PROFILE, profile_name: saved }),
      'PATCH /api/me/profile': (req) => {
        saved = (JSON.parse(req.body as string) as { profile_name: string }).profile_name;
        return envelope({ ...PATCHED, profile_name: saved });
      },
    });
    const { store } = renderRoute('/profile', { store: signedIn() });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Profile name' }), '  ada-l ');
    await screen.findByText('ada-l is available');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const card = screen.getByRole('region', { name: 'Your profile' });
    await waitFor(() => expect(within(card).getByText('ada-l')).toHaveClass('profile-card__name'));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(JSON.parse(patch.body as string)).toEqual({ profile_name: 'ada-l' });
    expect(nameBox()).toHaveValue('ada-l');
    expect(store.getState().session.user?.profileName).toBe('ada-l');
    expect(store.getState().ui.toasts.map((t) => t.message)).toContain('Profile name saved');
  });

  it.each([
    [409, 'CONFLICT', 'That profile name is already taken'],
    [400, 'VALIDATION_ERROR', 'That profile name is reserved'],
  ])('shows the server’s %s answer inline', async (status, code, message) => {
    api({ 'PATCH /api/me/profile': () => apiError(status, code, message) });
    renderRoute('/profile', { store: signedIn() });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Profile name' }), 'grace');
    await screen.findByText('grace is available');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await main().findByRole('alert')).toHaveTextContent(message);
    expect(nameBox()).toHaveValue('grace');
    expect(nameBox()).toHaveAttribute('aria-invalid', 'true');
  });

  it('says saving failed when no answer arrives', async () => {
    api({ 'PATCH /api/me/profile': () => Promise.reject(new TypeError('offline')) });
    renderRoute('/profile', { store: signedIn() });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Profile name' }), 'grace{Enter}');
    expect(await main().findByRole('alert')).toHaveTextContent('Could not save your profile name. Please try again.');
  });
});

describe('/users/{uuid} (public profile)', () => {
  const OTHER = '6f1c9b2e-5d7a-4c3b-8e9f-0a1b2c3d4e5f';
  const NONE = { total: 0, artworks: 0, photos: 0, visits: 0, edits: 0 };
  const GRACE = {
    uuid: OTHER,
    profile_name: 'grace',
    created_at: '2023-06-01T00:00:00Z',
    badges: [
      {
        badge_id: 'b1',
        badge_key: 'photo_1',
        title: 'First photo',
        description: 'Your first approved photo',
        icon_emoji: '📸',
        award_reason: '1 approved photo',
        awarded_at: '2024-02-03T12:00:00Z',
      },
    ],
    contributions: { total: 7, artworks: 2, photos: 5, visits: 3, edits: 1 },
    lists: [
      {
        id: '11111111-2222-4333-8444-555555555555',
        name: 'Murals of Main Street',
        kind: 'custom',
        public: true,
        item_count: 12,
        owned: false,
        created_at: '2024-01-01T00:00:00Z',
        updated_at: '2024-01-02T00:00:00Z',
      },
      {
        id: '66666666-7777-4888-9999-000000000000',
        name: 'One fountain',
        kind: 'custom',
        public: true,
        item_count: 1,
        owned: false,
        created_at: '2024-01-01T00:00:00Z',
        updated_at: '2024-01-02T00:00:00Z',
      },
    ],
  };

  it('shows the profile name, member since, approved contributions, badges and public lists', async () => {
    mockFetch({ [`GET /api/users/${OTHER}`]: () => envelope(GRACE) });
    renderRoute(`/users/${OTHER}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'grace' })).toBeInTheDocument();
    expect(screen.getByText(/Member since .*2023/)).toBeInTheDocument();

    const contributions = section('Contributions');
    expect(countsIn(contributions)).toEqual({
      'Approved contributions': '7',
      'Artworks added': '2',
      Photos: '5',
      'Visits logged': '3',
      Edits: '1',
    });

    const badge = within(screen.getByRole('list', { name: 'Badges' })).getByRole('listitem');
    expect(within(badge).getByRole('heading', { level: 3, name: 'First photo' })).toBeInTheDocument();
    expect(badge).toHaveTextContent('📸');
    expect(badge).toHaveTextContent('Your first approved photo');
    expect(within(badge).getByText(/^Earned .*2024$/)).toBeInTheDocument();

    const lists = screen.getByRole('list', { name: 'Public lists' });
    const links = within(lists).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/lists/11111111-2222-4333-8444-555555555555',
      '/lists/66666666-7777-4888-9999-000000000000',
    ]);
    expect(links[0]).toHaveTextContent('Murals of Main Street');
    expect(links[0]).toHaveTextContent('12 artworks');
    expect(links[1]).toHaveTextContent('1 artwork');
  });

  it('says so when there are no contributions, badges or public lists yet', async () => {
    mockFetch({ [`GET /api/users/${OTHER}`]: () => envelope({ ...GRACE, badges: [], contributions: NONE, lists: [] }) });
    renderRoute(`/users/${OTHER}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'grace' })).toBeInTheDocument();
    expect(within(section('Contributions')).getByText('No approved contributions yet.')).toBeInTheDocument();
    expect(within(section('Badges')).getByText('No badges yet.')).toBeInTheDocument();
    expect(within(section('Lists')).getByText('No public lists.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Badges' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Public lists' })).not.toBeInTheDocument();
  });

  it('shows a not-found state for a 404', async () => {
    mockFetch({ [`GET /api/users/${OTHER}`]: () => apiError(404, 'NOT_FOUND', 'User not found') });
    renderRoute(`/users/${OTHER}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the map' })).toHaveAttribute('href', '/');
    expect(main().queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the not-found state for an address that is not a uuid (400)', async () => {
    mockFetch({ 'GET /api/users/not-a-uuid': () => apiError(400, 'VALIDATION_ERROR', 'id must be a UUID') });
    renderRoute('/users/not-a-uuid');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile not found' })).toBeInTheDocument();
  });

  it('shows an error with a retry for other failures', async () => {
    mockFetch({ [`GET /api/users/${OTHER}`]: () => apiError(500, 'INTERNAL_ERROR', 'Something broke (ref 42)') });
    renderRoute(`/users/${OTHER}`);
    await screen.findByRole('main');
    expect(await main().findByRole('alert')).toHaveTextContent('Something broke (ref 42)');
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
  });
});
