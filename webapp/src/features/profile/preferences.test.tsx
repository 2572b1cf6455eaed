import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountApi } from '../../api/accountApi';
import { initSession } from '../../api/session';
import { makeStore } from '../../app/store';
import { ThemePicker } from '../../components/PreferencePickers';
import { getLocale } from '../../i18n';
import {
  DEFAULT_PREFERENCES,
  defaultMapRadius,
  parsePreferences,
  toServerPreferences,
} from '../../lib/preferences';
import { apiError, envelope, type Handler, mockFetch, signedInAuthStatus } from '../../testing/fetchMock';
import { areaList } from '../../testing/areas';
import { systemLists } from '../../testing/lists';
import { renderRoute, renderWithProviders } from '../../testing/render';
import { submissionList } from '../../testing/submissions';
import { MY_PROFILE, PROFILE_ACCOUNT } from '../../testing/profile';

const ACCOUNT = PROFILE_ACCOUNT;
const THEME_KEY = 'user-theme';

function profileWith(preferences: Record<string, unknown>) {
  return { ...MY_PROFILE, preferences };
}

/** PUT /me/preferences as the server does it: the body replaces the preferences and is answered. */
const putAnswer: Handler = (req) => envelope({ preferences: JSON.parse(req.body as string) as unknown });

function api(preferences: Record<string, unknown>, over: Record<string, Handler> = {}) {
  return mockFetch({
    'GET /api/me/submissions': () => envelope(submissionList([])),
    'GET /api/me/edits': () => envelope({ edits: [], pagination: { page: 1, limit: 20, total: 0, total_pages: 0, has_more: false } }),
    'GET /api/me/lists': () => envelope({ lists: systemLists() }),
    'GET /api/me/areas': () => areaList([]),
    'GET /api/me/profile': () => envelope(profileWith(preferences)),
    'PUT /api/me/preferences': putAnswer,
    ...over,
  });
}

const form = () => screen.findByRole('form', { name: 'Preferences' });
const saveButton = () => screen.getByRole('button', { name: 'Save preferences' });
const themeGroup = () => screen.getByRole('group', { name: 'Theme' });
const radiusSelect = () => screen.getByRole('combobox', { name: 'Default map radius' });
const badgeToasts = () => screen.getByRole('checkbox', { name: 'Celebrate new badges with a pop-up' });
const submissionUpdates = () => screen.getByRole('checkbox', { name: 'List reviews of my submissions in Notifications' });
const putBodies = (calls: { method: string; url: URL; body: unknown }[]) =>
  calls.filter((c) => c.method === 'PUT' && c.url.pathname === '/api/me/preferences').map((c) => JSON.parse(c.body as string) as unknown);
/** Alerts of the screen (the shell's live announcer is an alert region too). */
const main = () => within(screen.getByRole('main'));

describe('parsing preferences', () => {
  it('gives the defaults for nothing, a non-object, or an empty object', () => {
    const defaults = { theme: 'material', notify_badge_toasts: true, notify_submission_updates: true, map_radius_m: 500 };
    expect(DEFAULT_PREFERENCES).toEqual(defaults);
    for (const raw of [undefined, null, 'dark', 42, [], {}]) expect(parsePreferences(raw)).toEqual(defaults);
  });

  it('keeps valid values', () => {
    expect(
      parsePreferences({ theme: 'DarkGallery', notify_badge_toasts: false, notify_submission_updates: false, map_radius_m: 2000 }),
    ).toEqual({ theme: 'DarkGallery', notify_badge_toasts: false, notify_submission_updates: false, map_radius_m: 2000 });
  });

  it('falls back to the default for each unknown or invalid value, alone', () => {
    expect(
      parsePreferences({ theme: 'neon', notify_badge_toasts: 'no', notify_submission_updates: 0, map_radius_m: 750, other: 'x' }),
    ).toEqual(DEFAULT_PREFERENCES);
    expect(parsePreferences({ theme: 'dark', map_radius_m: '1000', notify_badge_toasts: false })).toEqual({
      ...DEFAULT_PREFERENCES,
      notify_badge_toasts: false,
    });
    expect(parsePreferences({ map_radius_m: Number.NaN }).map_radius_m).toBe(500);
  });

  it('uses the given theme when the account holds none (or an invalid one)', () => {
    expect(parsePreferences({}, 'bauhaus').theme).toBe('bauhaus');
    expect(parsePreferences({ theme: 'light' }, 'bauhaus').theme).toBe('bauhaus');
    expect(parsePreferences({ theme: 'Vancouver' }, 'bauhaus').theme).toBe('Vancouver');
  });

  it('gives the default map radius, 500 m unless a valid one is chosen', () => {
    expect(defaultMapRadius(undefined)).toBe(500);
    expect(defaultMapRadius({})).toBe(500);
    expect(defaultMapRadius({ map_radius_m: 1000 })).toBe(1000);
    expect(defaultMapRadius({ map_radius_m: 3 as never })).toBe(500);
    expect(defaultMapRadius(parsePreferences({ map_radius_m: 250 }))).toBe(250);
  });

  it('sends its keys over the ones other clients keep', () => {
    expect(toServerPreferences(DEFAULT_PREFERENCES, { units: 'metric', theme: 'bauhaus' })).toEqual({
      units: 'metric',
      theme: 'material',
      notify_badge_toasts: true,
      notify_submission_updates: true,
      map_radius_m: 500,
    });
  });
});

describe('/profile preferences (signed in)', () => {
  it('shows the account’s preferences, with Save disabled while unchanged', async () => {
    api({ theme: 'Vancouver', notify_badge_toasts: false, map_radius_m: 1000 });
    renderRoute('/profile', { who: 'user' });
    await form();
    expect(within(themeGroup()).getByRole('radio', { name: 'Vancouver' })).toBeChecked();
    expect(within(themeGroup()).getAllByRole('radio')).toHaveLength(6);
    expect(badgeToasts()).not.toBeChecked();
    expect(submissionUpdates()).toBeChecked();
    expect(radiusSelect()).toHaveValue('1000');
    expect(screen.getByRole('group', { name: 'Notifications' })).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();

    // Changing a value back is no change.
    await userEvent.click(badgeToasts());
    expect(saveButton()).toBeEnabled();
    await userEvent.click(badgeToasts());
    expect(saveButton()).toBeDisabled();
  });

  it('saves with PUT /me/preferences, keeping other keys, applies the theme and says so', async () => {
    localStorage.setItem(THEME_KEY, 'bauhaus');
    const { calls } = api({ units: 'metric' });
    const { store } = renderRoute('/profile', { who: 'user' });
    await form();
    // The account holds no theme: this device's is shown.
    expect(within(themeGroup()).getByRole('radio', { name: 'Bauhaus' })).toBeChecked();

    await userEvent.click(within(themeGroup()).getByRole('radio', { name: 'Dark gallery' }));
    await userEvent.click(badgeToasts());
    await userEvent.selectOptions(radiusSelect(), '2 km');
    expect(document.documentElement.dataset.theme).not.toBe('DarkGallery');
    await userEvent.click(saveButton());

    await waitFor(() => expect(store.getState().ui.toasts.map((t) => t.message)).toContain('Preferences saved'));
    expect(putBodies(calls)).toEqual([
      { units: 'metric', theme: 'DarkGallery', notify_badge_toasts: false, notify_submission_updates: true, map_radius_m: 2000 },
    ]);
    expect(document.documentElement.dataset.theme).toBe('DarkGallery');
    expect(localStorage.getItem(THEME_KEY)).toBe('DarkGallery');
    await waitFor(() => expect(saveButton()).toBeDisabled());
    expect(within(themeGroup()).getByRole('radio', { name: 'Dark gallery' })).toBeChecked();
    expect(badgeToasts()).not.toBeChecked();
    expect(radiusSelect()).toHaveValue('2000');
    expect(accountApi.endpoints.getMyProfile.select()(store.getState()).data?.preferences).toMatchObject({ theme: 'DarkGallery' });
  });

  it('disables Save while saving', async () => {
    let answer: (r: Response) => void = () => undefined;
    api({}, { 'PUT /api/me/preferences': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderRoute('/profile', { who: 'user' });
    await form();
    await userEvent.click(submissionUpdates());
    await userEvent.click(saveButton());
    await waitFor(() => expect(saveButton()).toBeDisabled());
    await act(async () => {
      answer(envelope({ preferences: { ...DEFAULT_PREFERENCES, notify_submission_updates: false } }));
      await Promise.resolve();
    });
    await waitFor(() => expect(submissionUpdates()).not.toBeChecked());
    expect(saveButton()).toBeDisabled();
  });

  it('shows the server’s message for a 400 and keeps the choices', async () => {
    api(
      {},
      {
        'PUT /api/me/preferences': () =>
          apiError(400, 'VALIDATION_ERROR', 'Preference names are 1 to 40 lower-case letters, digits or underscores', {
            field: 'preferences',
          }),
      },
    );
    const { store } = renderRoute('/profile', { who: 'user' });
    await form();
    await userEvent.selectOptions(radiusSelect(), '250 m');
    await userEvent.click(saveButton());
    expect(await main().findByRole('alert')).toHaveTextContent(
      'Preference names are 1 to 40 lower-case letters, digits or underscores',
    );
    expect(radiusSelect()).toHaveValue('250');
    expect(saveButton()).toBeEnabled();
    expect(store.getState().ui.toasts).toEqual([]);
    // Changing a value clears the error.
    await userEvent.selectOptions(radiusSelect(), '1 km');
    expect(main().queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a field’s error beside it when the details name it', async () => {
    api({}, { 'PUT /api/me/preferences': () => apiError(400, 'VALIDATION_ERROR', 'Preference \'map_radius_m\' must be a finite number', { field: 'map_radius_m' }) });
    renderRoute('/profile', { who: 'user' });
    await form();
    await userEvent.selectOptions(radiusSelect(), '2 km');
    await userEvent.click(saveButton());
    const alert = await main().findByRole('alert');
    expect(alert).toHaveTextContent("Preference 'map_radius_m' must be a finite number");
    expect(radiusSelect()).toHaveAttribute('aria-invalid', 'true');
    expect(radiusSelect().getAttribute('aria-describedby')).toContain(alert.id);
  });

  it('shows the account’s language, or this device’s while the account holds none', async () => {
    api({ language: 'fr' });
    renderRoute('/profile', { who: 'user' });
    // The account's language is adopted as the profile is read: the form is in French.
    const french = await screen.findByRole('form', { name: 'Préférences' });
    const languages = within(french).getByRole('group', { name: 'Langue' });
    expect(within(languages).getByRole('radio', { name: 'Français' })).toBeChecked();
    expect(within(languages).getByRole('radio', { name: 'English' })).not.toBeChecked();
  });

  it('saves the language chosen with the rest, and the screen switches to it', async () => {
    const { calls } = api({ units: 'metric', theme: 'Vancouver' });
    const { store } = renderRoute('/profile', { who: 'user' });
    await form();
    const languages = screen.getByRole('group', { name: 'Language' });
    // The account holds none: this device's (English) is the one shown, each by its own name.
    expect(within(languages).getByRole('radio', { name: 'English' })).toBeChecked();
    expect(within(languages).getByText('Français')).toHaveAttribute('lang', 'fr');
    expect(saveButton()).toBeDisabled();

    await userEvent.click(within(languages).getByRole('radio', { name: 'Français' }));
    // Chosen, not yet saved: the screen stays in English until Save.
    expect(getLocale()).toBe('en');
    await userEvent.click(saveButton());

    await waitFor(() => expect(putBodies(calls)).toHaveLength(1));
    expect(putBodies(calls)[0]).toEqual({
      units: 'metric',
      theme: 'Vancouver',
      notify_badge_toasts: true,
      notify_submission_updates: true,
      map_radius_m: 500,
      language: 'fr',
    });
    // The answer's language is applied: the page is now in French, and remembered here.
    const french = await screen.findByRole('form', { name: 'Préférences' });
    expect(document.documentElement.lang).toBe('fr');
    expect(localStorage.getItem('plinth-language')).toBe('fr');
    expect(screen.getByRole('heading', { level: 1, name: 'Mes contributions' })).toBeInTheDocument();
    expect(within(french).getByRole('radio', { name: 'Français' })).toBeChecked();
    expect(within(french).getByRole('button', { name: 'Enregistrer les préférences' })).toBeDisabled();
    expect(store.getState().ui.toasts.map((t) => t.message)).toContain('Préférences enregistrées');
  });

  it('says saving failed when no answer arrives', async () => {
    api({}, { 'PUT /api/me/preferences': () => Promise.reject(new TypeError('offline')) });
    renderRoute('/profile', { who: 'user' });
    await form();
    await userEvent.click(badgeToasts());
    await userEvent.click(saveButton());
    expect(await main().findByRole('alert')).toHaveTextContent('Could not save your preferences. Please try again.');
  });
});

describe('the account’s theme', () => {
  it('wins over this device’s when the profile loads, and is kept locally', async () => {
    localStorage.setItem(THEME_KEY, 'bauhaus');
    api({ theme: 'Vancouver' });
    renderRoute('/profile', { who: 'user' });
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('Vancouver'));
    expect(localStorage.getItem(THEME_KEY)).toBe('Vancouver');
    await form();
    expect(within(themeGroup()).getByRole('radio', { name: 'Vancouver' })).toBeChecked();
  });

  it('is applied on sign-in, on any page', async () => {
    localStorage.setItem(THEME_KEY, 'material');
    mockFetch({
      'GET /api/auth/status': () =>
        envelope(
          signedInAuthStatus({
            user: { uuid: ACCOUNT, email: 'ada@example.org', created_at: '2024-03-12T10:00:00Z' },
          }),
        ),
      'GET /api/me/profile': () => envelope(profileWith({ theme: 'EarthyCultural' })),
    });
    const store = makeStore();
    await store.dispatch(initSession());
    expect(document.documentElement.dataset.theme).toBe('EarthyCultural');
    expect(localStorage.getItem(THEME_KEY)).toBe('EarthyCultural');
  });

  it('leaves this device’s theme when the account holds none or an unknown one', async () => {
    localStorage.setItem(THEME_KEY, 'bauhaus');
    const { callsTo } = api({ theme: 'neon' });
    renderRoute('/profile', { who: 'user' });
    await form();
    expect(callsTo('/api/me/profile').length).toBeGreaterThan(0);
    expect(localStorage.getItem(THEME_KEY)).toBe('bauhaus');
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(within(themeGroup()).getByRole('radio', { name: 'Bauhaus' })).toBeChecked();
  });

  it('is saved to the account when chosen in the theme picker while signed in', async () => {
    const { calls } = api({ theme: 'Vancouver', map_radius_m: 1000 });
    renderWithProviders(<ThemePicker />, { who: 'user' });
    const select = screen.getByRole('combobox', { name: 'Theme' });
    await waitFor(() => expect(select).toHaveValue('Vancouver'));
    await userEvent.selectOptions(select, 'High contrast');
    expect(document.documentElement.dataset.theme).toBe('HighContrastDebug');
    await waitFor(() => expect(putBodies(calls)).toEqual([{ theme: 'HighContrastDebug', map_radius_m: 1000 }]));
    expect(select).toHaveValue('HighContrastDebug');
  });
});

describe('/profile preferences (anonymous)', () => {
  it('offers this device’s theme and language only, with a hint, and asks the server nothing', async () => {
    const { calls } = api({});
    renderRoute('/profile', { who: 'anonymous' });
    const section = await screen.findByRole('region', { name: 'Preferences' });
    expect(
      within(section).getByText('This theme and language are kept on this device only. Sign in to keep your preferences across devices.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Preferences' })).not.toBeInTheDocument();
    expect(within(section).getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    await userEvent.selectOptions(within(section).getByRole('combobox', { name: 'Theme' }), 'Earthy cultural');
    expect(document.documentElement.dataset.theme).toBe('EarthyCultural');
    expect(localStorage.getItem(THEME_KEY)).toBe('EarthyCultural');
    expect(calls.filter((c) => c.url.pathname.startsWith('/api/me/p'))).toEqual([]);
  });
});

describe('the notifications preference', () => {
  const LIST = [
    { id: 'n3', type: 'badge_awarded', title: 'Badge earned: First photo', message: '📸', is_dismissed: true, badge: null },
    { id: 'n2', type: 'submission_approved', title: 'Your artwork was approved', message: 'Orca', is_dismissed: false },
    { id: 'n1', type: 'submission_rejected', title: 'Your photo was not accepted', message: 'Blurry', is_dismissed: true },
  ];
  const notifications = (preferences: Record<string, unknown>) =>
    api(preferences, {
      'GET /api/me/notifications': () => envelope({ notifications: LIST }),
      'GET /api/me/notifications/unread-count': () => envelope({ unread_count: 1 }),
    });
  const titles = (list: HTMLElement) => within(list).getAllByRole('listitem').map((li) => li.querySelector('.row-list__title')?.textContent);

  it('lists reviews of one’s submissions by default', async () => {
    notifications({});
    renderRoute('/profile/notifications', { who: 'user' });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    await waitFor(() => expect(titles(list)).toHaveLength(3));
    expect(screen.queryByText(/hidden by your/)).not.toBeInTheDocument();
  });

  it('leaves them out when notify_submission_updates is off, and shows them on request', async () => {
    notifications({ notify_submission_updates: false });
    const { store } = renderRoute('/profile/notifications', { who: 'user' });
    await waitFor(() => expect(accountApi.endpoints.getMyProfile.select()(store.getState()).data).toBeDefined());
    const list = await screen.findByRole('list', { name: 'Notifications' });
    await waitFor(() => expect(titles(list)).toEqual(['Badge earned: First photo']));
    const note = screen.getByText(/2 reviews of your submissions are hidden by your/);
    expect(within(note).getByRole('link', { name: 'preferences' })).toHaveAttribute('href', '/profile');
    // Their unread one still counts: mark-all-read is offered for it.
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeInTheDocument();
    await userEvent.click(within(note).getByRole('button', { name: 'Show them' }));
    expect(titles(screen.getByRole('list', { name: 'Notifications' }))).toHaveLength(3);
  });
});
