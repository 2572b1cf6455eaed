/**
 * Registers the service worker (`/sw.js`, src/sw/sw.ts) that lets the app shell and the map's
 * last area load offline: in production builds only (the dev server builds no worker), where
 * the browser has service workers, once the page has loaded so it does not compete with it.
 *
 * On a first visit the page loads before the worker controls it, so what the map fetched went
 * past it: once it takes control, the page names those answers for it to keep (those still on
 * their way then too).
 */
import { logger } from './logger';

export const SERVICE_WORKER_URL = '/sw.js';

/** The public answers the worker keeps for offline use (src/sw/routes.ts decides; this only names candidates). */
const KEPT_PATHS = ['/api/config', '/api/artworks/nearby'];

/**
 * The URLs of this origin's answers to `paths` among `entries` (Resource Timing) that went past
 * the worker (`workerStart` 0: fetched before it controlled the page).
 */
export function fetchedUrls(paths: readonly string[], entries: readonly PerformanceEntry[]): string[] {
  const urls = new Set<string>();
  for (const e of entries) {
    if ((e as PerformanceResourceTiming).workerStart > 0) continue;
    try {
      const url = new URL(e.name);
      if (url.origin === window.location.origin && paths.includes(url.pathname)) urls.add(url.href);
    } catch {
      // Not a URL: not ours.
    }
  }
  return [...urls];
}

/**
 * Once the worker controls the page, it is told of the answers that went past it: those already
 * in (Resource Timing), and those still on their way then, as they arrive.
 */
function keepWhatWentPast(container: ServiceWorkerContainer): void {
  const tell = (entries: readonly PerformanceEntry[]) => {
    const urls = fetchedUrls(KEPT_PATHS, entries);
    if (urls.length > 0) container.controller?.postMessage({ type: 'keep', urls });
  };
  container.addEventListener(
    'controllerchange',
    () => {
      tell(performance.getEntriesByType('resource'));
      if (typeof PerformanceObserver !== 'function') return;
      const observer = new PerformanceObserver((list) => tell(list.getEntries()));
      observer.observe({ type: 'resource' });
      // Whatever was on its way has long arrived.
      setTimeout(() => observer.disconnect(), 60_000);
    },
    { once: true },
  );
}

export function registerServiceWorker(production: boolean = import.meta.env.PROD): void {
  if (!production || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  if (!container.controller) keepWhatWentPast(container);
  const register = () => {
    container.register(SERVICE_WORKER_URL, { scope: '/' }).catch((error: unknown) => {
      // Blocked (a private mode, a test browser): the app works online as before.
      logger.info('Service worker not registered', { error: String(error) });
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
