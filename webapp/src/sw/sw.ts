/**
 * The service worker (`/sw.js`, built by the `serviceWorker` plugin of vite.config.ts, which puts
 * the build's file list and version where `__PLINTH_PRECACHE__` stands): the app loads with no
 * network. At install it caches the shell (index.html and every built file, lazy chunks
 * included), under a name carrying the build's version, so a new build installs beside the old
 * one and takes over at once, dropping it. Requests are answered as `routes.ts` decides.
 *
 * The contributions made offline are not its business: the app keeps them itself (lib/outbox).
 */
import { basemapPrefixes, CACHE_LIMITS, CACHES, isKeepable, NETWORK_TIMEOUT_MS, strategyFor, styleUrlOf, type Strategy } from './routes';

declare const self: ServiceWorkerGlobalScope;
declare const __PLINTH_PRECACHE__: { version: string; files: string[] };

const PRECACHE = __PLINTH_PRECACHE__;
const SHELL = `${CACHES.shellPrefix}${PRECACHE.version}`;
const ORIGIN = self.location.origin;
const INDEX = '/index.html';
const PRECACHED = new Set(PRECACHE.files.map((f) => `/${f}`));

/** The configured basemap's URL prefixes (`basemapPrefixes`), learnt from `/api/config` and the style as they pass. */
let basemap: string[] = [];
/** The style named by the configuration last seen, until its own answer gives the rest. */
let styleUrl: string | null = null;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL);
      // `reload`: past the HTTP cache, so the files are this build's.
      await cache.addAll([...PRECACHED].map((path) => new Request(path, { cache: 'reload' })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith(CACHES.shellPrefix) && n !== SHELL).map((n) => caches.delete(n)));
      await self.clients.claim();
      await learnBasemap();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const strategy = strategyFor({ method: request.method, url: request.url, mode: request.mode }, { origin: ORIGIN, precached: PRECACHED, basemap });
  if (!strategy) return;
  event.respondWith(answer(strategy, request));
});

/**
 * A page that loaded before this worker controlled it (its first visit) names the public answers
 * it already has (`{ type: 'keep', urls }`): they are fetched again and kept, so the area it shows
 * is there offline from the first visit on.
 */
self.addEventListener('message', (event) => {
  const message = event.data as { type?: unknown; urls?: unknown } | null;
  if (message?.type !== 'keep' || !Array.isArray(message.urls)) return;
  const urls = message.urls.filter((u): u is string => typeof u === 'string').slice(0, CACHE_LIMITS.data);
  event.waitUntil(
    Promise.all(
      urls.map(async (url) => {
        const request = new Request(url);
        const strategy = strategyFor({ method: 'GET', url: request.url, mode: 'cors' }, { origin: ORIGIN, basemap });
        if (strategy !== 'data' && strategy !== 'basemap') return;
        try {
          const res = await fetch(request);
          if (isKeepable(res)) await keep(strategy === 'data' ? CACHES.data : CACHES.basemap, request, res);
        } catch {
          // Offline again: the next visit keeps them.
        }
      }),
    ),
  );
});

function answer(strategy: Strategy, request: Request): Promise<Response> {
  switch (strategy) {
    case 'page':
      return page(request);
    case 'asset':
      return cacheFirst(request);
    case 'data':
      return networkFirst(request, CACHES.data);
    case 'basemap':
      return networkFirst(request, CACHES.basemap);
  }
}

/** A page: the server's answer (each page has its own head), else the shell; a server in trouble (5xx) is no better than none. */
async function page(request: Request): Promise<Response> {
  const shell = () => caches.open(SHELL).then((c) => c.match(INDEX));
  const res = await networkFirst(request, null, shell);
  return res.status >= 500 ? ((await shell()) ?? res) : res;
}

/**
 * The network's answer, kept in `cacheName` (when given) for next time; the cached copy (or
 * `fallback`'s) when the network fails, or takes over NETWORK_TIMEOUT_MS while a copy exists.
 */
async function networkFirst(request: Request, cacheName: string | null, fallback?: () => Promise<Response | undefined>): Promise<Response> {
  const cached = async () => (cacheName ? await cachedCopy(cacheName, request) : undefined) ?? (await fallback?.());
  const network = fetch(request).then(async (res) => {
    if (cacheName && isKeepable(res)) await keep(cacheName, request, res.clone());
    return res;
  });
  // Answered from the cache, the network's late failure is nobody's concern.
  network.catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<Response | undefined>((resolve) => {
    timer = setTimeout(() => void cached().then(resolve), NETWORK_TIMEOUT_MS);
  });
  try {
    // A slow network gives way to a cached copy; with none, the network's answer is awaited.
    const first = await Promise.race([network, slow]);
    return first ?? (await network);
  } catch (error) {
    const copy = await cached();
    if (copy) return copy;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** A request's copy in `cacheName`. `ignoreVary`: these answers are the same for everyone. */
async function cachedCopy(cacheName: string, request: Request): Promise<Response | undefined> {
  const cache = await caches.open(cacheName);
  return cache.match(request, { ignoreVary: true });
}

/** A built file: from the shell's cache (or an earlier load), else fetched and kept. */
async function cacheFirst(request: Request): Promise<Response> {
  const hit = await caches.match(request);
  if (hit) return hit;
  const res = await fetch(request);
  if (isKeepable(res)) await keep(CACHES.assets, request, res.clone());
  return res;
}

/** Keeps `res` for `request`, then trims the cache to its limit, the oldest first. */
async function keep(cacheName: string, request: Request, res: Response): Promise<void> {
  try {
    const cache = await caches.open(cacheName);
    await cache.put(request, res);
    if (cacheName === CACHES.data && new URL(request.url).pathname === '/api/config') await learnBasemap(res.clone());
    if (cacheName === CACHES.basemap && request.url === styleUrl) await learnStyle(await cache.match(request));
    const limit = cacheName === CACHES.data ? CACHE_LIMITS.data : cacheName === CACHES.basemap ? CACHE_LIMITS.basemap : CACHE_LIMITS.assets;
    const keys = await cache.keys();
    await Promise.all(keys.slice(0, Math.max(0, keys.length - limit)).map((k) => cache.delete(k)));
  } catch {
    // A full or unavailable cache only costs the offline copy.
  }
}

/** The basemap's style from the configuration's answer (`config`, else the cached one), and what it names. */
async function learnBasemap(config?: Response): Promise<void> {
  try {
    const answer = config ?? (await (await caches.open(CACHES.data)).match(`${ORIGIN}/api/config`, { ignoreVary: true }));
    styleUrl = answer ? styleUrlOf(await answer.json(), ORIGIN) : null;
    basemap = styleUrl ? [styleUrl] : [];
    if (styleUrl) await learnStyle(await (await caches.open(CACHES.basemap)).match(styleUrl, { ignoreVary: true }));
  } catch {
    basemap = [];
  }
}

async function learnStyle(style: Response | undefined): Promise<void> {
  if (!style || !styleUrl) return;
  try {
    basemap = basemapPrefixes(styleUrl, await style.json(), ORIGIN);
  } catch {
    // Not a style document: only the style's own URL is kept.
  }
}

// A worker started again (the browser stops idle ones) learns the basemap from its caches.
void learnBasemap();
