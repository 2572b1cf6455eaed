import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, json, mockFetch } from '../../testing/fetchMock';
import { renderRoute, renderWithProviders, type Who } from '../../testing/render';
import { WelcomeDialog } from './AboutDialogs';
import { Toaster } from './Toaster';
import { BADGE_TOAST_TIMEOUT_MS, TOAST_TIMEOUT_MS } from '../../config/constants';
import { toastShown } from '../../lib/ui';
import { formatUnreadBadge, mainEntries } from '../navigation';
import { setLocale, t } from '../../i18n';

function api(unread = 0) {
  return mockFetch({
    'GET /api/artworks/nearby': () => envelope({ artworks: [], total: 0, search_center: { lat: 0, lon: 0 }, search_radius: 500, limit: 250 }),
    'GET /api/me/notifications/unread-count': () => envelope({ unread_count: unread }),
    'GET /api/config': () => envelope({ product_name: 'Plinth', map_style_url: null, mapbox_access_token: null }),
  });
}

function rail() {
  return screen.getByRole('navigation', { name: 'Main' });
}

const realMatchMedia = Object.getOwnPropertyDescriptor(window, 'matchMedia')!;

/** A window `width` px wide, as min-width media queries see it (jsdom has no layout). */
function windowWidth(width: number) {
  const base = (realMatchMedia.value as (q: string) => MediaQueryList).bind(window);
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (q: string) => {
      const min = /\(min-width:\s*(\d+)px\)/.exec(q);
      return { ...base(q), matches: min ? width >= Number(min[1]) : false };
    },
  });
}

afterEach(() => {
  Object.defineProperty(window, 'matchMedia', realMatchMedia);
});

async function ready() {
  // The map screen (index route) has loaded.
  await screen.findByRole('heading', { level: 1, name: 'Map of public artworks' });
}

/** The app at its map screen for `who`, once that has loaded. */
async function openMap(who: Who = 'anonymous') {
  api();
  renderRoute('/', { who });
  await ready();
}

describe('one navigation per layout', () => {
  it('has the rail alone on a wide window: no bottom bar, no menu', async () => {
    windowWidth(1366);
    await openMap('user');
    expect(rail()).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Quick actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
    // Each control once.
    for (const name of ['Add artwork', 'Send feedback', 'Profile', 'Notifications', 'Logout']) {
      expect(screen.getAllByRole('button', { name })).toHaveLength(1);
    }
    expect(screen.getAllByRole('link', { name: 'Map' })).toHaveLength(1);
  });

  it('has the bottom bar and the drawer alone on a phone', async () => {
    windowWidth(390);
    await openMap('user');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    const bar = within(screen.getByRole('navigation', { name: 'Quick actions' }));
    for (const name of ['Add artwork', 'Send feedback', 'Profile', 'Notifications']) {
      expect(screen.getAllByRole('button', { name })).toEqual([bar.getByRole('button', { name })]);
    }
  });
});

describe('the rail’s entries (SPEC §2)', () => {
  beforeEach(() => windowWidth(1366));

  it('has Map, Artworks, Artists, Search, Help and Pages for everyone', async () => {
    await openMap();
    const [mainList] = within(rail()).getAllByRole('list');
    const links = within(mainList!).getAllByRole('link').map((l) => l.getAttribute('aria-label') ?? l.textContent);
    expect(links).toEqual(['Map', 'Artworks', 'Artists', 'Search', 'Help', 'Pages']);
  });

  it('shows Login and no Administration, Notifications or Logout to anonymous visitors', async () => {
    await openMap();
    const r = within(rail());
    expect(r.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(r.queryByText('Administration')).not.toBeInTheDocument();
    expect(r.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
    expect(r.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('shows Notifications, Profile and Logout to signed-in users, without Administration', async () => {
    await openMap('user');
    const r = within(rail());
    expect(r.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(r.getByRole('button', { name: 'Profile' })).toBeInTheDocument();
    expect(r.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(r.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(r.queryByRole('link', { name: 'Moderate' })).not.toBeInTheDocument();
  });

  it('shows Moderate (to /review) but not Admin to moderators', async () => {
    await openMap('moderator');
    const r = within(rail());
    expect(r.getByText('Administration')).toBeInTheDocument();
    expect(r.getByRole('link', { name: 'Moderate' })).toHaveAttribute('href', '/review');
    expect(r.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('shows Admin and Moderate to admins', async () => {
    await openMap('admin');
    const r = within(rail());
    expect(r.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(r.getByRole('link', { name: 'Moderate' })).toHaveAttribute('href', '/review');
  });

  it('expands and collapses, remembering the choice', async () => {
    await openMap();
    const toggle = within(rail()).getByRole('button', { name: 'Collapse navigation' });
    await userEvent.click(toggle);
    expect(within(rail()).getByRole('button', { name: 'Expand navigation' })).toHaveAttribute('aria-expanded', 'false');
    expect(localStorage.getItem('plinth-rail-expanded')).toBe('false');
  });

  it('holds what the bottom bar and the drawer hold on phones: add, feedback, about and the theme', async () => {
    await openMap();
    const r = within(rail());
    expect(r.getByRole('button', { name: 'Add artwork' })).toBeInTheDocument();
    await userEvent.click(r.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByRole('dialog', { name: /feedback/i })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(r.getByRole('button', { name: 'About Plinth' }));
    expect(await screen.findByRole('dialog', { name: /About/ })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(r.getByRole('combobox', { name: 'Theme' })).toBeInTheDocument();
  });

  it('collapsed, opens itself to the theme picker from the Theme button', async () => {
    localStorage.setItem('plinth-rail-expanded', 'false');
    await openMap();
    expect(within(rail()).queryByRole('combobox', { name: 'Theme' })).not.toBeInTheDocument();
    await userEvent.click(within(rail()).getByRole('button', { name: 'Theme' }));
    expect(within(rail()).getByRole('button', { name: 'Collapse navigation' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(rail()).getByRole('combobox', { name: 'Theme' })).toHaveFocus();
  });
});

describe('the bottom bar and drawer', () => {
  it('always has menu, feedback, add, map and login; notifications only when signed in', async () => {
    await openMap();
    const bar = within(screen.getByRole('navigation', { name: 'Quick actions' }));
    for (const name of ['Open menu', 'Send feedback', 'Add artwork', 'Map', 'Login']) {
      expect(bar.getByRole(name === 'Map' ? 'link' : 'button', { name })).toBeInTheDocument();
    }
    expect(bar.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
  });

  it('caps the unread badge at 99+', async () => {
    api(150);
    renderRoute('/', { who: 'user' });
    await ready();
    const bar = within(screen.getByRole('navigation', { name: 'Quick actions' }));
    expect(await bar.findByRole('button', { name: 'Notifications, 99+ unread' })).toBeInTheDocument();
    expect(bar.getByText('99+')).toBeInTheDocument();
  });

  it('goes to /profile/notifications from the notifications button', async () => {
    api(3);
    const { router } = renderRoute('/', { who: 'user' });
    await ready();
    const bar = within(screen.getByRole('navigation', { name: 'Quick actions' }));
    await userEvent.click(await bar.findByRole('button', { name: 'Notifications, 3 unread' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/notifications'));
  });

  it('opens the drawer with the rail’s entries except Pages, and closes on Escape', async () => {
    await openMap('moderator');
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    const names = within(drawer).getAllByRole('link').map((l) => l.textContent);
    expect(names).toEqual(['Map', 'Artworks', 'Artists', 'Search', 'Help', 'Moderate']);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('opens the sign-in dialog from Login', async () => {
    await openMap();
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Quick actions' })).getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
  });

  describe('sign-out (SPEC §4, §5)', () => {
    beforeEach(() => windowWidth(1366));

    const NEW = 'e'.repeat(64);
    const nearby = () => envelope({ artworks: [], total: 0, search_center: { lat: 0, lon: 0 }, search_radius: 500, limit: 250 });
    const anonStatus = (token: string) => () =>
      envelope(
        {
          is_authenticated: false,
          is_anonymous: true,
          user_token: token,
          user: { uuid: '7c9e6679-7425-40de-944b-e07fc1f90ae7', email: null, created_at: null },
          is_moderator: false,
          can_review: false,
          is_admin: false,
        },
        { 'X-User-Token': token },
      );

    async function askToSignOut() {
      await userEvent.click(within(rail()).getByRole('button', { name: 'Logout' }));
      const confirm = screen.getByRole('dialog', { name: 'Sign out' });
      expect(within(confirm).getByText('Are you sure you want to sign out?')).toBeInTheDocument();
      return confirm;
    }

    it('asks first, and Cancel keeps the user signed in', async () => {
      const { calls } = mockFetch({ 'GET /api/artworks/nearby': nearby });
      const { store } = renderRoute('/', { who: 'user' });
      await ready();
      const confirm = await askToSignOut();
      await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog', { name: 'Sign out' })).not.toBeInTheDocument();
      expect(store.getState().session.isAuthenticated).toBe(true);
      expect(calls.filter((c) => c.url.pathname === '/api/auth/logout')).toHaveLength(0);
    });

    it('on success adopts the server’s new anonymous token and shows Login again', async () => {
      localStorage.setItem('user-token', 's'.repeat(64));
      mockFetch({
        'GET /api/artworks/nearby': nearby,
        'POST /api/auth/logout': () => envelope({ success: true, new_user_token: NEW }, { 'X-User-Token': NEW }),
        'GET /api/auth/status': anonStatus(NEW),
      });
      const { store } = renderRoute('/', { who: 'user' });
      await ready();
      await userEvent.click(within(await askToSignOut()).getByRole('button', { name: 'Sign out' }));
      await waitFor(() => expect(store.getState().session.isAuthenticated).toBe(false));
      expect(localStorage.getItem('user-token')).toBe(NEW);
      expect(await within(rail()).findByRole('button', { name: 'Login' })).toBeInTheDocument();
      expect(within(rail()).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
      expect(store.getState().session.user?.id).toBe('7c9e6679-7425-40de-944b-e07fc1f90ae7');
    });

    it('on failure still clears the session and obtains a fresh anonymous token', async () => {
      localStorage.setItem('user-token', 's'.repeat(64));
      const FRESH = 'f'.repeat(64);
      const { callsTo } = mockFetch({
        'GET /api/artworks/nearby': nearby,
        'POST /api/auth/logout': () => json({ success: false, error: 'INTERNAL_ERROR', message: 'boom' }, { status: 500 }),
        'GET /api/auth/status': anonStatus(FRESH),
      });
      const { store } = renderRoute('/', { who: 'user' });
      await ready();
      await userEvent.click(within(await askToSignOut()).getByRole('button', { name: 'Sign out' }));
      await waitFor(() => expect(localStorage.getItem('user-token')).toBe(FRESH));
      expect(store.getState().session.isAuthenticated).toBe(false);
      expect(callsTo('/api/auth/status')[0]!.headers.has('X-User-Token')).toBe(false);
      expect(await within(rail()).findByRole('button', { name: 'Login' })).toBeInTheDocument();
    });
  });
});

describe('skip link and welcome dialog', () => {
  it('offers a skip link to the main content', async () => {
    await openMap();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main-content');
    expect(document.getElementById('main-content')?.tagName).toBe('MAIN');
  });

  it('shows the welcome dialog once, 500 ms after the first visit', async () => {
    vi.useFakeTimers();
    api();
    renderWithProviders(<WelcomeDialog />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(499);
    });
    expect(screen.queryByRole('dialog', { name: 'Welcome to Plinth' })).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByRole('dialog', { name: 'Welcome to Plinth' })).toBeInTheDocument();
    expect(localStorage.getItem('cultural-archiver-visited')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Start exploring' }));
    expect(screen.queryByRole('dialog', { name: 'Welcome to Plinth' })).not.toBeInTheDocument();
  });

  it('does not show it to returning visitors', async () => {
    vi.useFakeTimers();
    localStorage.setItem('cultural-archiver-visited', 'true');
    api();
    renderWithProviders(<WelcomeDialog />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(screen.queryByRole('dialog', { name: /Welcome/ })).not.toBeInTheDocument();
  });
});

describe('toasts', () => {
  it('have a labelled landmark in the shell', async () => {
    await openMap();
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).getByRole('list', { name: 'Messages' })).toBeInTheDocument();
  });

  // The Toaster alone: the map screen around it has asynchronous work of its own that a slow
  // machine may still be doing when the toasts are shown.
  it('show each toast as its own live region', () => {
    const { store } = renderWithProviders(<Toaster />);
    act(() => {
      store.dispatch(toastShown({ type: 'info', message: 'Saved.' }));
      store.dispatch(toastShown({ type: 'error', message: 'Failed.' }));
    });
    const list = screen.getByRole('list', { name: 'Messages' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('status')).toHaveTextContent('Saved.');
    expect(within(list).getByRole('alert')).toHaveTextContent('Failed.');
  });

  it('go after their timeout, or when dismissed', () => {
    vi.useFakeTimers();
    const { store } = renderWithProviders(<Toaster />);
    act(() => {
      store.dispatch(toastShown({ type: 'info', message: 'Saved.' }));
      store.dispatch(toastShown({ type: 'error', message: 'Failed.', timeoutMs: 10_000 }));
    });
    act(() => {
      vi.advanceTimersByTime(TOAST_TIMEOUT_MS - 1);
    });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed.');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('keep a badge toast 8 s, with its emoji and a link to /profile/badges', () => {
    vi.useFakeTimers();
    const { store } = renderWithProviders(<Toaster />);
    const badge = { badge_id: 'b1', badge_key: 'first_contribution', title: 'First contribution', icon_emoji: '🌱' };
    act(() => {
      store.dispatch(toastShown({ type: 'success', message: 'Badge earned: First contribution', payload: { badge } }));
    });
    const toast = screen.getByRole('listitem');
    expect(within(toast).getByRole('status')).toHaveTextContent('Badge earned: First contribution');
    expect(toast).toHaveTextContent('🌱');
    expect(within(toast).getByRole('link', { name: 'See your badges' })).toHaveAttribute('href', '/profile/badges');
    act(() => {
      vi.advanceTimersByTime(BADGE_TOAST_TIMEOUT_MS - 1);
    });
    expect(screen.getByRole('listitem')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('keep a toast with a way on until dismissed or taken: its sign-in button (here in French) opens the sign-in dialog', () => {
    vi.useFakeTimers();
    setLocale('fr');
    const { store } = renderWithProviders(<Toaster />);
    act(() => {
      store.dispatch(toastShown({ type: 'warning', message: 'Votre connexion a pris fin.', action: 'signIn' }));
    });
    act(() => {
      vi.advanceTimersByTime(10 * BADGE_TOAST_TIMEOUT_MS);
    });
    const toast = screen.getByRole('listitem');
    expect(within(toast).getByRole('status')).toHaveTextContent('Votre connexion a pris fin.');
    fireEvent.click(within(toast).getByRole('button', { name: 'Se connecter' }));
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
    expect(store.getState().ui).toMatchObject({ dialog: 'signIn', signInMode: 'login' });
  });
});

describe('navigation helpers', () => {
  it('formats the unread badge', () => {
    expect(formatUnreadBadge(0)).toBeNull();
    expect(formatUnreadBadge(undefined)).toBeNull();
    expect(formatUnreadBadge(7)).toBe('7');
    expect(formatUnreadBadge(99)).toBe('99');
    expect(formatUnreadBadge(100)).toBe('99+');
  });

  it('gives the rail Pages and the drawer not', () => {
    expect(mainEntries('rail').map((e) => t(e.label))).toContain('Pages');
    expect(mainEntries('drawer').map((e) => t(e.label))).not.toContain('Pages');
  });
});

describe('in French', () => {
  it('names the navigation, its entries and the session actions in French, and switches back live', async () => {
    windowWidth(1366);
    setLocale('fr');
    api(3);
    renderRoute('/', { who: 'moderator' });
    const nav = within(await screen.findByRole('navigation', { name: 'Principale' }));
    const [mainList] = nav.getAllByRole('list');
    expect(within(mainList!).getAllByRole('link').map((l) => l.textContent)).toEqual(['Carte', 'Œuvres', 'Artistes', 'Rechercher', 'Aide', 'Pages']);
    expect(nav.getByRole('link', { name: 'Modérer' })).toHaveAttribute('href', '/review');
    expect(nav.getByRole('button', { name: 'Envoyer un signalement' })).toBeInTheDocument();
    expect(nav.getByRole('button', { name: 'Déconnexion' })).toBeInTheDocument();
    expect(await nav.findByRole('button', { name: 'Notifications, 3 non lues' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Aller au contenu principal' })).toBeInTheDocument();
    act(() => setLocale('en'));
    expect(within(rail()).getByRole('button', { name: 'Send feedback' })).toBeInTheDocument();
  });

  it('asks to sign out in French', async () => {
    windowWidth(1366);
    setLocale('fr');
    api();
    renderRoute('/', { who: 'user' });
    const nav = within(await screen.findByRole('navigation', { name: 'Principale' }));
    await userEvent.click(nav.getByRole('button', { name: 'Déconnexion' }));
    const confirm = screen.getByRole('dialog', { name: 'Se déconnecter' });
    expect(confirm).toHaveTextContent('Voulez-vous vraiment vous déconnecter ?');
    expect(within(confirm).getByRole('button', { name: 'Annuler' })).toBeInTheDocument();
  });
});
