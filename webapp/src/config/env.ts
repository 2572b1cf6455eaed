/**
 * Build-time configuration, checked once at boot. Every value is optional; a malformed one is
 * ignored with a warning rather than breaking the app.
 *
 * The instance's own settings (product name, Mapbox token, map style) come from the server,
 * `GET /api/config` (`api/configApi.ts`). The two map variables here only override those in
 * development (`npm run dev`), to try a token or a style without reconfiguring the server.
 */
import { logger } from '../lib/logger';

export interface AppConfig {
  /** Development only: a Mapbox token used instead of the server's. */
  mapboxAccessToken: string | null;
  /** Development only: a style URL used instead of the server's. */
  mapStyleUrl: string | null;
  /** Where "report by email" on the error screen writes to; unset: the mail client asks. */
  supportEmail: string | null;
}

export function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** An absolute URL (relative ones resolve against this origin), or null when empty or invalid. */
export function absoluteUrl(name: string, value: unknown): string | null {
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
  const dev = env.DEV === true;
  const mapOverrides = ['VITE_MAPBOX_ACCESS_TOKEN', 'VITE_MAP_STYLE_URL'].filter((k) => text(env[k]) !== null);
  if (!dev && mapOverrides.length > 0) {
    logger.warn(`Ignoring ${mapOverrides.join(' and ')} outside development: the server's map settings apply`);
  }
  return {
    mapboxAccessToken: dev ? text(env.VITE_MAPBOX_ACCESS_TOKEN) : null,
    mapStyleUrl: dev ? absoluteUrl('VITE_MAP_STYLE_URL', env.VITE_MAP_STYLE_URL) : null,
    supportEmail: text(env.VITE_SUPPORT_EMAIL),
  };
}

export const config: AppConfig = readConfig(import.meta.env);
