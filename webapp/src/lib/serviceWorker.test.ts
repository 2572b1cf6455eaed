import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchedUrls, registerServiceWorker, SERVICE_WORKER_URL } from './serviceWorker';

/** A `navigator.serviceWorker` stand-in: not yet controlling the page. */
function fakeContainer() {
  const events = new EventTarget();
  const container = {
    controller: null as null | { postMessage: ReturnType<typeof vi.fn> },
    register: vi.fn(() => Promise.resolve({})),
    addEventListener: events.addEventListener.bind(events),
    takeControl() {
      this.controller = { postMessage: vi.fn() };
      events.dispatchEvent(new Event('controllerchange'));
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  return container;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('the service worker’s registration', () => {
  it('registers /sw.js in a production build', () => {
    const container = fakeContainer();
    registerServiceWorker(true);
    expect(container.register).toHaveBeenCalledExactlyOnceWith(SERVICE_WORKER_URL, { scope: '/' });
  });

  it('registers nothing in development or under test (this very run is not a production build)', () => {
    const container = fakeContainer();
    registerServiceWorker();
    registerServiceWorker(false);
    expect(container.register).not.toHaveBeenCalled();
  });

  it('does nothing where the browser has no service workers', () => {
    expect('serviceWorker' in navigator).toBe(false);
    expect(() => registerServiceWorker(true)).not.toThrow();
  });

  it('shrugs off a refused registration (a blocked worker)', async () => {
    const container = fakeContainer();
    container.register.mockReturnValue(Promise.reject(new Error('blocked')));
    registerServiceWorker(true);
    await Promise.resolve();
    expect(container.register).toHaveBeenCalled();
  });

  it('names the map’s answers the page fetched before the worker took control, for it to keep', () => {
    const container = fakeContainer();
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { name: `${location.origin}/api/config`, workerStart: 0 },
      { name: `${location.origin}/api/artworks/nearby?lat=1&lon=2`, workerStart: 0 },
      { name: `${location.origin}/api/me/submissions`, workerStart: 0 },
    ] as unknown as PerformanceEntry[]);
    registerServiceWorker(true);
    container.takeControl();
    expect(container.controller!.postMessage).toHaveBeenCalledExactlyOnceWith({
      type: 'keep',
      urls: [`${location.origin}/api/config`, `${location.origin}/api/artworks/nearby?lat=1&lon=2`],
    });
  });

  it('names as well an answer still on its way when the worker took control, once it arrives', () => {
    const container = fakeContainer();
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([]);
    let observed: (list: { getEntries: () => PerformanceEntry[] }) => void = () => undefined;
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        constructor(callback: typeof observed) {
          observed = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    registerServiceWorker(true);
    container.takeControl();
    expect(container.controller!.postMessage).not.toHaveBeenCalled();
    const nearby = `${location.origin}/api/artworks/nearby?lat=1&lon=2`;
    observed({ getEntries: () => [{ name: nearby, workerStart: 0 }] as unknown as PerformanceEntry[] });
    // What the worker answered itself it has already.
    observed({ getEntries: () => [{ name: `${nearby}&x=1`, workerStart: 3 }] as unknown as PerformanceEntry[] });
    expect(container.controller!.postMessage).toHaveBeenCalledExactlyOnceWith({ type: 'keep', urls: [nearby] });
  });
});

describe('fetchedUrls', () => {
  it('keeps this origin’s answers to the paths asked that went past the worker, once each', () => {
    const entries = [
      { name: `${location.origin}/api/config`, workerStart: 0 },
      { name: `${location.origin}/api/config`, workerStart: 0 },
      { name: `${location.origin}/api/artworks/nearby?lat=1`, workerStart: 12.5 },
      { name: 'https://elsewhere.example/api/config', workerStart: 0 },
      { name: `${location.origin}/assets/index.js`, workerStart: 0 },
      { name: 'not a url', workerStart: 0 },
    ] as unknown as PerformanceEntry[];
    expect(fetchedUrls(['/api/config', '/api/artworks/nearby'], entries)).toEqual([`${location.origin}/api/config`]);
  });
});
