/**
 * The map's last view in this tab (session storage): the map opens on it again, and Help nearby
 * looks around it. A missing, corrupt or out-of-range view reads as none.
 */
import type { MapView } from '../api/configApi';
import { STORAGE_KEYS } from '../config/constants';
import { readItem, writeItem } from './storage';

/** Whether a view is one a map can show: a latitude, a longitude and a zoom within their ranges. */
export function isValidView(lat: number, lng: number, zoom: number): boolean {
  return (
    Number.isFinite(lat) && Math.abs(lat) <= 90 && Number.isFinite(lng) && Math.abs(lng) <= 180 && Number.isFinite(zoom) && zoom >= 0 && zoom <= 22
  );
}

export function savedMapView(): MapView | null {
  try {
    const saved = JSON.parse(readItem(STORAGE_KEYS.mapView, 'session') ?? 'null') as unknown;
    if (!saved || typeof saved !== 'object') return null;
    const { lat, lng, zoom } = saved as { lat?: unknown; lng?: unknown; zoom?: unknown };
    if (typeof lat === 'number' && typeof lng === 'number' && typeof zoom === 'number' && isValidView(lat, lng, zoom)) return { lat, lng, zoom };
  } catch {
    // A corrupt saved view is ignored.
  }
  return null;
}

export function saveMapView(view: MapView): void {
  writeItem(STORAGE_KEYS.mapView, JSON.stringify(view), 'session');
}
