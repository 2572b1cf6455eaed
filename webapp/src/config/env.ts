/**
 * Build-time configuration, checked once at boot. Every value is optional; a malformed one is
 * ignored with a warning rather than breaking the app.
 */
import { logger } from '../lib/logger';

export interface AppConfig {
  /** Set: the map renders with mapbox-gl; unset: maplibre-gl (no token needed). */
  mapboxAccessToken: string | null;
  /** A full style URL for real tiles; unset: the built-in offline GeoJSON style. */
  mapStyleUrl: string | null;
  /** Where "report by email" on the error screen writes to; unset: the mail client asks. */
  supportEmail: string | null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function url(name: string, value: unknown): string | null {
  const v = text(value);
  if (v === null) return null;
  try {
    return new URL(v, window.location.origin).toString();
  } catch {
    logger.warn(`Ignoring ${name}: not a URL`);
    return null;
  }
}

export function readConfig(env: Record<string, unknown>): AppConfig {
  return {
    mapboxAccessToken: text(env.VITE_MAPBOX_ACCESS_TOKEN),
    mapStyleUrl: url('VITE_MAP_STYLE_URL', env.VITE_MAP_STYLE_URL),
    supportEmail: text(env.VITE_SUPPORT_EMAIL),
  };
}

export const config: AppConfig = readConfig(import.meta.env);
