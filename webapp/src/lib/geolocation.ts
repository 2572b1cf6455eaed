/**
 * Geolocation (SPEC §4, §8, §9): states idle → loading → (watching | idle) or error, with the
 * SPEC's options and messages, and the fallback position when none is known.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { GEOLOCATION } from '../config/constants';
import { messageTable } from './messageTable';

export type GeolocationStatus = 'idle' | 'loading' | 'watching' | 'error';

export interface Position {
  latitude: number;
  longitude: number;
  accuracy: number | null;
}

/** SPEC §8's messages, in the language in effect when read. */
export const GEOLOCATION_MESSAGES = messageTable({
  unsupported: 'lib.geolocation.unsupported',
  denied: 'lib.geolocation.denied',
  unavailable: 'lib.geolocation.unavailable',
  timeout: 'lib.geolocation.timeout',
  failed: 'lib.geolocation.failed',
});

export const FALLBACK_POSITION: Position = {
  latitude: GEOLOCATION.fallback.latitude,
  longitude: GEOLOCATION.fallback.longitude,
  accuracy: null,
};

export function geolocationErrorMessage(error: { code?: number } | null | undefined): string {
  switch (error?.code) {
    case 1:
      return GEOLOCATION_MESSAGES.denied;
    case 2:
      return GEOLOCATION_MESSAGES.unavailable;
    case 3:
      return GEOLOCATION_MESSAGES.timeout;
    default:
      return GEOLOCATION_MESSAGES.failed;
  }
}

export function isGeolocationSupported(): boolean {
  return typeof navigator !== 'undefined' && !!navigator.geolocation;
}

function toPosition(p: GeolocationPosition): Position {
  return {
    latitude: p.coords.latitude,
    longitude: p.coords.longitude,
    accuracy: Number.isFinite(p.coords.accuracy) ? p.coords.accuracy : null,
  };
}

/** One position, or a rejection whose message is one of GEOLOCATION_MESSAGES. */
export function getCurrentPosition(): Promise<Position> {
  return new Promise((resolve, reject) => {
    if (!isGeolocationSupported()) {
      reject(new Error(GEOLOCATION_MESSAGES.unsupported));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) => resolve(toPosition(p)),
      (e) => reject(new Error(geolocationErrorMessage(e))),
      { ...GEOLOCATION.current },
    );
  });
}

/** Whether the browser already allows location without asking (no prompt is shown). */
export async function isLocationPermissionGranted(): Promise<boolean> {
  try {
    if (!navigator.permissions?.query) return false;
    const s = await navigator.permissions.query({ name: 'geolocation' });
    return s.state === 'granted';
  } catch {
    return false;
  }
}

export interface GeolocationApi {
  status: GeolocationStatus;
  position: Position | null;
  error: string | null;
  /** One fix; status returns to idle. */
  locate: () => Promise<Position | null>;
  /** Follows the position until `stop()`. */
  watch: () => void;
  stop: () => void;
}

export function useGeolocation(): GeolocationApi {
  const [status, setStatus] = useState<GeolocationStatus>('idle');
  const [position, setPosition] = useState<Position | null>(null);
  const [error, setError] = useState<string | null>(null);
  const watchId = useRef<number | null>(null);

  const stop = useCallback(() => {
    if (watchId.current !== null && isGeolocationSupported()) {
      navigator.geolocation.clearWatch(watchId.current);
    }
    watchId.current = null;
    setStatus((s) => (s === 'watching' ? 'idle' : s));
  }, []);

  const locate = useCallback(async () => {
    setStatus('loading');
    setError(null);
    try {
      const p = await getCurrentPosition();
      setPosition(p);
      setStatus('idle');
      return p;
    } catch (e) {
      setError(e instanceof Error ? e.message : GEOLOCATION_MESSAGES.failed);
      setStatus('error');
      return null;
    }
  }, []);

  const watch = useCallback(() => {
    if (!isGeolocationSupported()) {
      setError(GEOLOCATION_MESSAGES.unsupported);
      setStatus('error');
      return;
    }
    if (watchId.current !== null) return;
    setStatus('loading');
    setError(null);
    watchId.current = navigator.geolocation.watchPosition(
      (p) => {
        setPosition(toPosition(p));
        setStatus('watching');
      },
      (e) => {
        setError(geolocationErrorMessage(e));
        setStatus('error');
      },
      { ...GEOLOCATION.watch },
    );
  }, []);

  useEffect(
    () => () => {
      if (watchId.current !== null && isGeolocationSupported()) {
        navigator.geolocation.clearWatch(watchId.current);
      }
    },
    [],
  );

  return { status, position, error, locate, watch, stop };
}
