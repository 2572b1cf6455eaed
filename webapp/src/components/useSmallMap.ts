/**
 * The life of a small map (the mini-map, the location picker): made in `ref`'s element once the
 * instance's map settings are known, made again when a value in `remakeOn` changes, destroyed on
 * unmount. `failed` when the browser has no WebGL or the map could not load (logged as
 * "{name} failed to load"); the screen then shows its own fallback.
 */
import { useEffect, useRef, useState } from 'react';
import { useMapSettings } from '../api/configApi';
import { logger } from '../lib/logger';
import { createMap, isWebGLSupported, type CreateMapOptions, type PlinthMap } from '../lib/map';

export interface SmallMapOptions {
  /** In the log line when the map fails to load. */
  name: string;
  /** How the map starts: read when it is made. */
  start: Omit<CreateMapOptions, 'container' | 'mapboxAccessToken' | 'styleUrl'>;
  /** Values that make the map again when they change (default: none; it is made once). */
  remakeOn?: readonly unknown[];
  /** Runs on each map made; returns what undoes its listeners. */
  attach?: (map: PlinthMap) => Array<() => void>;
}

export function useSmallMap({ name, start, remakeOn = [], attach }: SmallMapOptions) {
  const ref = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<PlinthMap | null>(null);
  const [failed, setFailed] = useState(() => !isWebGLSupported());
  const settings = useMapSettings();

  useEffect(() => {
    const el = ref.current;
    if (!el || failed || !settings) return;
    let created: PlinthMap | null = null;
    let cancelled = false;
    const cleanups: Array<() => void> = [];
    createMap({ container: el, ...start, mapboxAccessToken: settings.mapboxAccessToken, styleUrl: settings.styleUrl })
      .then((m) => {
        if (cancelled) {
          m.destroy();
          return;
        }
        created = m;
        if (attach) cleanups.push(...attach(m));
        setMap(m);
      })
      .catch((e: unknown) => {
        logger.warn(`${name} failed to load`, { error: e });
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      cleanups.forEach((c) => c());
      created?.destroy();
      setMap(null);
    };
    // `start`, `attach` and `name` are read when the map is made; only `remakeOn` makes it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...remakeOn, failed, settings]);

  return { ref, map, failed };
}
