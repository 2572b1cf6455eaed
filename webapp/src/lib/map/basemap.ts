/**
 * Which basemap a map draws. A remote style (the instance's `MAP_STYLE_URL`, by default
 * OpenFreeMap's public streets) is fetched first, with a deadline: a browser that cannot reach
 * it (offline, a blocked host, a network that only reaches this site) draws the built-in offline
 * style instead and the map says so, rather than showing a blank canvas.
 */

/** How long the style may take before the map gives up on it and draws offline. */
export const BASEMAP_TIMEOUT_MS = 4000;

/**
 * - `remote`: the configured style's streets;
 * - `offline`: the built-in style, as configured (no style URL);
 * - `fallback`: the built-in style because the configured one could not be loaded.
 */
export type BasemapKind = 'remote' | 'offline' | 'fallback';

/** A style document: what a map engine can draw. */
export interface StyleDocument {
  version: 8;
  sources: Record<string, unknown>;
  layers: unknown[];
  [key: string]: unknown;
}

function isStyle(value: unknown): value is StyleDocument {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return v.version === 8 && typeof v.sources === 'object' && v.sources !== null && Array.isArray(v.layers);
}

/**
 * The style at `url`, or null when it cannot be had in time or is not a style. Fetched once
 * here and handed to the engine as a document, so the engine does not fetch it again.
 */
export async function loadRemoteStyle(
  url: string,
  fetcher: typeof fetch = fetch,
  timeoutMs = BASEMAP_TIMEOUT_MS,
): Promise<StyleDocument | null> {
  try {
    const res = await fetcher(url, { signal: AbortSignal.timeout(timeoutMs), credentials: 'omit' });
    if (!res.ok) return null;
    const body: unknown = await res.json();
    return isStyle(body) ? body : null;
  } catch {
    return null;
  }
}
