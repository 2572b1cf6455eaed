/**
 * Every route of SPEC §2. Screens load lazily (one chunk per feature screen), guards wrap the
 * routes that need a role, and the redirects are routes of their own.
 */
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/states';
import { REDIRECTS } from '../config/routes';
import { useT } from '../i18n';
import { RequireAdmin, RequireAuth, RequireModerator } from './guards';
import { NotFoundPage } from './NotFoundPage';
import { AppShell } from './shell/AppShell';
import { RouteErrorScreen } from './shell/ErrorScreen';

type Lazy = RouteObject['lazy'];

/** Shown while the first screen's code loads. */
function ShellFallback() {
  const t = useT();
  return <LoadingScreen className="app-loading" label={t('shell.loadingApp')} />;
}

/** `import()` of a module exporting `name` as the route's component. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): Lazy {
  return async () => {
    const m = await load();
    return { Component: m[name] as ComponentType };
  };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppShell,
    ErrorBoundary: RouteErrorScreen,
    HydrateFallback: ShellFallback,
    children: [
      { index: true, lazy: page(() => import('../features/map/MapPage'), 'MapPage') },
      { path: 'add', lazy: page(() => import('../features/add/AddPage'), 'AddPage') },
      { path: 'artworks', lazy: page(() => import('../features/artworks/ArtworksPage'), 'ArtworksPage') },
      { path: 'artists', lazy: page(() => import('../features/artists/ArtistsPage'), 'ArtistsPage') },
      { path: 'search/results', lazy: page(() => import('../features/search/SearchResultsPage'), 'SearchResultsPage') },
      { path: 'search/:query?', lazy: page(() => import('../features/search/SearchPage'), 'SearchPage') },
      { path: 'artwork/new', lazy: page(() => import('../features/add/NewArtworkPage'), 'NewArtworkPage') },
      { path: 'artwork/:id', lazy: page(() => import('../features/artworks/ArtworkDetailPage'), 'ArtworkDetailPage') },
      {
        Component: RequireAuth,
        children: [
          { path: 'artwork/:id/edit', lazy: page(() => import('../features/artworks/ArtworkEditPage'), 'ArtworkEditPage') },
          { path: 'artist/new', lazy: page(() => import('../features/artists/NewArtistPage'), 'NewArtistPage') },
          { path: 'artist/:id/edit', lazy: page(() => import('../features/artists/ArtistEditPage'), 'ArtistEditPage') },
        ],
      },
      { path: 'logbook/:artworkId', lazy: page(() => import('../features/logbook/LogbookPage'), 'LogbookPage') },
      { path: 'lists/:id', lazy: page(() => import('../features/lists/ListPage'), 'ListPage') },
      { path: 'artist/:id', lazy: page(() => import('../features/artists/ArtistDetailPage'), 'ArtistDetailPage') },
      { path: 'profile', lazy: page(() => import('../features/profile/ProfilePage'), 'ProfilePage') },
      {
        path: 'profile/notifications',
        lazy: page(() => import('../features/notifications/NotificationsPage'), 'NotificationsPage'),
      },
      { path: 'profile/badges', lazy: page(() => import('../features/profile/BadgesPage'), 'BadgesPage') },
      { path: 'users/:uuid', lazy: page(() => import('../features/profile/PublicProfilePage'), 'PublicProfilePage') },
      { path: 'verify', lazy: page(() => import('../features/auth/VerifyPage'), 'VerifyPage') },
      {
        Component: RequireModerator,
        children: [
          { path: 'review', lazy: page(() => import('../features/review/ReviewPage'), 'ReviewPage') },
          {
            path: 'moderation/feedback',
            lazy: page(() => import('../features/moderation/ModerationFeedbackPage'), 'ModerationFeedbackPage'),
          },
        ],
      },
      {
        Component: RequireAdmin,
        children: [{ path: 'admin', lazy: page(() => import('../features/admin/AdminPage'), 'AdminPage') }],
      },
      { path: 'help', lazy: page(() => import('../features/help/HelpPage'), 'HelpPage') },
      { path: 'status', lazy: page(() => import('../features/status/StatusPage'), 'StatusPage') },
      { path: 'pages', lazy: page(() => import('../features/pages/PagesListPage'), 'PagesListPage') },
      { path: 'pages/:slug', lazy: page(() => import('../features/pages/PageDetailPage'), 'PageDetailPage') },
      { path: 'outbox', lazy: page(() => import('../features/outbox/OutboxPage'), 'OutboxPage') },
      ...REDIRECTS.map(([from, target]) => ({ path: from.slice(1), element: <Navigate to={target} replace /> })),
      { path: '*', Component: NotFoundPage },
    ],
  },
];
