/** Small, dependency-free React hooks shared by screens. */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { BREAKPOINTS } from '../config/constants';

/**
 * The keys with work under way (a list being saved to, say), so their controls can wait: the set,
 * and `setBusy(key, on)` to mark a key or clear it.
 */
export function useBusyKeys<K>(): [ReadonlySet<K>, (key: K, on: boolean) => void] {
  const [busy, setBusyKeys] = useState<ReadonlySet<K>>(new Set());
  const setBusy = (key: K, on: boolean) =>
    setBusyKeys((b) => {
      const next = new Set(b);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  return [busy, setBusy];
}

/** `value`, once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(t);
  }, [value, delayMs]);
  return debounced;
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const mql = window.matchMedia(query);
      mql.addEventListener('change', notify);
      return () => mql.removeEventListener('change', notify);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
    () => false,
  );
}

export type Breakpoint = 'mobile' | 'tablet' | 'desktop';

/** SPEC §9: mobile under 768, tablet 768 to 1023, desktop 1024 and up. */
export function breakpointFor(width: number): Breakpoint {
  if (width >= BREAKPOINTS.desktop) return 'desktop';
  if (width >= BREAKPOINTS.tablet) return 'tablet';
  return 'mobile';
}

export function useBreakpoint(): Breakpoint {
  const desktop = useMediaQuery(`(min-width: ${BREAKPOINTS.desktop}px)`);
  const tablet = useMediaQuery(`(min-width: ${BREAKPOINTS.tablet}px)`);
  return desktop ? 'desktop' : tablet ? 'tablet' : 'mobile';
}

export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}

/** Whether the browser says it is online (`navigator.onLine`), following its `online` and `offline` events. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (notify) => {
      window.addEventListener('online', notify);
      window.addEventListener('offline', notify);
      return () => {
        window.removeEventListener('online', notify);
        window.removeEventListener('offline', notify);
      };
    },
    () => navigator.onLine !== false,
    () => true,
  );
}
