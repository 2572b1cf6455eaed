/** Route paths of SPEC §2 and builders for links to them. */

export const PATHS = {
  map: '/',
  home: '/home',
  add: '/add',
  artworks: '/artworks',
  artists: '/artists',
  search: '/search/:query?',
  searchResults: '/search/results',
  artworkNew: '/artwork/new',
  artwork: '/artwork/:id',
  artworkEdit: '/artwork/:id/edit',
  logbook: '/logbook/:artworkId',
  list: '/lists/:id',
  artistNew: '/artist/new',
  artist: '/artist/:id',
  artistEdit: '/artist/:id/edit',
  profile: '/profile',
  notifications: '/profile/notifications',
  badges: '/profile/badges',
  user: '/users/:uuid',
  verify: '/verify',
  review: '/review',
  moderationFeedback: '/moderation/feedback',
  admin: '/admin',
  help: '/help',
  status: '/status',
  pages: '/pages',
  page: '/pages/:slug',
  outbox: '/outbox',
} as const;

export const REDIRECTS: ReadonlyArray<readonly [from: string, to: string]> = [
  ['/home', '/'],
  ['/terms', '/pages/terms-of-service'],
  ['/docs/terms-of-service', '/pages/terms-of-service'],
  ['/privacy', '/pages/privacy-policy'],
  ['/docs/privacy-policy', '/pages/privacy-policy'],
];

const seg = (s: string) => encodeURIComponent(s);

export const to = {
  map: () => '/',
  add: () => '/add',
  artworks: () => '/artworks',
  artists: () => '/artists',
  search: (query?: string) => (query ? `/search/${seg(query)}` : '/search'),
  searchResults: (q: string) => `/search/results?q=${seg(q)}`,
  /** With `at`, the form starts at that location (the photo mode's "This is a new artwork"). */
  artworkNew: (at?: { lat: number; lng: number }) =>
    at ? `/artwork/new?${new URLSearchParams({ lat: String(at.lat), lng: String(at.lng) }).toString()}` : '/artwork/new',
  artwork: (id: string) => `/artwork/${seg(id)}`,
  /** The artwork as it was at `asOf`: a history entry's id or an RFC 3339 time. */
  artworkAsOf: (id: string, asOf: string) => `/artwork/${seg(id)}?as_of=${seg(asOf)}`,
  artworkEdit: (id: string) => `/artwork/${seg(id)}/edit`,
  /** The artwork a duplicate (`from`) was merged into, saying so. */
  artworkMergedFrom: (id: string, from: string) => `/artwork/${seg(id)}?merged_from=${seg(from)}`,
  logbook: (artworkId: string) => `/logbook/${seg(artworkId)}`,
  list: (id: string) => `/lists/${seg(id)}`,
  artistNew: () => '/artist/new',
  artist: (id: string) => `/artist/${seg(id)}`,
  /** The artist as they were at `asOf`: a history entry's id or an RFC 3339 time. */
  artistAsOf: (id: string, asOf: string) => `/artist/${seg(id)}?as_of=${seg(asOf)}`,
  artistEdit: (id: string) => `/artist/${seg(id)}/edit`,
  profile: () => '/profile',
  notifications: () => '/profile/notifications',
  badges: () => '/profile/badges',
  user: (uuid: string) => `/users/${seg(uuid)}`,
  review: () => '/review',
  moderationFeedback: () => '/moderation/feedback',
  admin: () => '/admin',
  help: () => '/help',
  status: () => '/status',
  pages: () => '/pages',
  page: (slug: string) => `/pages/${seg(slug)}`,
  /** Contributions made offline, waiting to be sent (and those sent, with their receipts). */
  outbox: () => '/outbox',
} as const;
