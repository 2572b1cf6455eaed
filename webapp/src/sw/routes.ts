/**
 * What the service worker (`sw.ts`) does with each request, decided from the request alone so it
 * is tested without a worker: the app's pages network-first with the cached shell offline, its
 * built files cache-first, the public answers the map needs to open offline (the instance's
 * configuration and the artworks of the area last viewed) network-first with the cached copy
 * offline, and the configured basemap the same way. Everything else, every other `/api` answer
 * (private data) and every write, goes to the network untouched.
 */

/** The caches the worker keeps; the shell's name carries the build's version. */
export const CACHES = {
  shellPrefix: 'plinth-shell-',
  /** Built files loaded but not precached (the other map engine's chunk). */
  assets: 'plinth-assets',
  /** `/api/config` and `/api/artworks/nearby`. */
  data: 'plinth-data',
  /** The configured map style and its tiles, glyphs and sprites. */
  basemap: 'plinth-basemap',
} as const;

/** At most this many answers in each runtime cache; the oldest go first. */
export const CACHE_LIMITS: Record<Exclude<keyof typeof CACHES, 'shellPrefix'>, number> = {
  assets: 60,
  data: 200,
  basemap: 400,
};

/** How long a network-first answer may take before a cached copy is used instead, when there is one. */
export const NETWORK_TIMEOUT_MS = 5000;

export type Strategy =
  /** A page of the app: the network's answer, else the cached `index.html`. */
  | 'page'
  /** A built file (hashed, never changes): the cache's copy, else the network's (kept). */
  | 'asset'
  /** A public answer the map needs: the network's (kept), else the cached copy. */
  | 'data'
  /** The configured basemap: as `data`, in a cache of its own. */
  | 'basemap';

/** The parts of a request the choice depends on. */
export interface RequestFacts {
  method: string;
  url: string;
  /** `navigate` for a page load. */
  mode: string;
}

/** The `/api` GET answers the map needs offline: the same for everyone, so safe to keep. */
const DATA_PATHS = new Set(['/api/config', '/api/artworks/nearby']);

/** What the worker knows besides the request. */
export interface Site {
  /** This site's origin. */
  origin: string;
  /** The paths the shell precached (`/index.html`, `/favicon.svg`, `/assets/…`). */
  precached?: ReadonlySet<string>;
  /** The URL prefixes of the configured basemap (`basemapPrefixes`): its style, and the tiles, glyphs and sprites it names. */
  basemap?: readonly string[];
}

/** What to do with a request; null: leave it to the network. */
export function strategyFor(req: RequestFacts, { origin, precached, basemap = [] }: Site): Strategy | null {
  if (req.method !== 'GET') return null;
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const href = url.href;
  const sameOrigin = url.origin === origin;
  if (sameOrigin) {
    if (url.pathname.startsWith('/api/')) {
      if (DATA_PATHS.has(url.pathname)) return 'data';
      return basemap.some((p) => href.startsWith(p)) ? 'basemap' : null;
    }
    if (req.mode === 'navigate') return 'page';
    if (url.pathname.startsWith('/assets/') || precached?.has(url.pathname)) return 'asset';
  }
  return basemap.some((p) => href.startsWith(p)) ? 'basemap' : null;
}

/** The public configuration's answer (`GET /api/config`), as far as the worker reads it. */
interface ConfigAnswer {
  data?: { map_style_url?: unknown };
}

/** The configured style's URL from `/api/config`'s answer, absolute; null when none (the built-in style). */
export function styleUrlOf(config: unknown, origin: string): string | null {
  const raw = (config as ConfigAnswer | null)?.data?.map_style_url;
  if (typeof raw !== 'string' || !raw.trim()) return null;
  try {
    const url = new URL(raw, origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The text of a URL template up to its first placeholder (`https://t.example/{z}/{x}/{y}.pbf` → `https://t.example/`). */
function prefixOf(template: string, base: string): string | null {
  const head = template.split('{')[0] ?? '';
  try {
    const url = new URL(head, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * What of the basemap is kept for offline use: the style itself, and the tiles, TileJSON, glyphs
 * and sprites it names, when they are on this site or on the style's own host (not a third
 * party's the style happens to name).
 */
export function basemapPrefixes(styleUrl: string, style: unknown, origin: string): string[] {
  const styleOrigin = new URL(styleUrl).origin;
  const templates: string[] = [];
  const s = (style ?? {}) as { sources?: unknown; glyphs?: unknown; sprite?: unknown };
  if (typeof s.glyphs === 'string') templates.push(s.glyphs);
  if (typeof s.sprite === 'string') templates.push(s.sprite);
  if (Array.isArray(s.sprite)) {
    for (const entry of s.sprite as Array<{ url?: unknown }>) if (typeof entry?.url === 'string') templates.push(entry.url);
  }
  if (s.sources && typeof s.sources === 'object') {
    for (const source of Object.values(s.sources as Record<string, { url?: unknown; tiles?: unknown }>)) {
      if (typeof source?.url === 'string') templates.push(source.url);
      if (Array.isArray(source?.tiles)) for (const t of source.tiles) if (typeof t === 'string') templates.push(t);
    }
  }
  const prefixes = new Set<string>([styleUrl]);
  for (const template of templates) {
    const prefix = prefixOf(template, styleUrl);
    if (!prefix) continue;
    const at = new URL(prefix).origin;
    // A bare origin would match all of it: a template must name at least a path.
    if ((at === origin || at === styleOrigin) && new URL(prefix).pathname.length > 1) prefixes.add(prefix);
  }
  return [...prefixes];
}

/** Whether an answer may be kept: a full, successful one the server did not mark private or unstorable. */
export function isKeepable(res: { ok: boolean; status: number; type: string; headers: { get(name: string): string | null } }): boolean {
  if (!res.ok || res.status !== 200 || (res.type !== 'basic' && res.type !== 'cors' && res.type !== 'default')) return false;
  const control = res.headers.get('Cache-Control') ?? '';
  return !/\b(no-store|private)\b/i.test(control);
}
