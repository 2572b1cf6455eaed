/** Where the map opens: the URL's lat/lng/zoom, else the last view this tab had, else Vancouver. */
import { STORAGE_KEYS } from '../../config/constants';
import { FALLBACK_POSITION } from '../../lib/geolocation';
import { readItem, writeItem } from '../../lib/storage';

export interface InitialView {
  lat: number;
  lng: number;
  zoom: number;
  /** Whether the view came from the URL or the tab's history (then don't jump to the user). */
  explicit: boolean;
}

export const DEFAULT_ZOOM = 13;

function valid(lat: number, lng: number, zoom: number): boolean {
  return (
    Number.isFinite(lat) && Math.abs(lat) <= 90 && Number.isFinite(lng) && Math.abs(lng) <= 180 && Number.isFinite(zoom) && zoom >= 0 && zoom <= 22
  );
}

export function initialView(search: URLSearchParams): InitialView {
  const lat = Number(search.get('lat'));
  const lng = Number(search.get('lng') ?? search.get('lon'));
  const zoomRaw = search.get('zoom');
  const zoom = zoomRaw === null ? 16 : Number(zoomRaw);
  if (search.has('lat') && (search.has('lng') || search.has('lon')) && valid(lat, lng, zoom)) {
    return { lat, lng, zoom, explicit: true };
  }
  try {
    const saved = JSON.parse(readItem(STORAGE_KEYS.mapView, 'session') ?? 'null') as unknown;
    if (saved && typeof saved === 'object') {
      const s = saved as { lat?: unknown; lng?: unknown; zoom?: unknown };
      if (typeof s.lat === 'number' && typeof s.lng === 'number' && typeof s.zoom === 'number' && valid(s.lat, s.lng, s.zoom)) {
        return { lat: s.lat, lng: s.lng, zoom: s.zoom, explicit: true };
      }
    }
  } catch {
    // A corrupt saved view is ignored.
  }
  return { lat: FALLBACK_POSITION.latitude, lng: FALLBACK_POSITION.longitude, zoom: DEFAULT_ZOOM, explicit: false };
}

export function saveView(view: { lat: number; lng: number; zoom: number }): void {
  writeItem(STORAGE_KEYS.mapView, JSON.stringify(view), 'session');
}
