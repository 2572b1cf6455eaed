/** Distances and coordinate formatting (SPEC §9: Earth radius 6371000 m, 6 decimals). */
import { COORDINATE_DECIMALS, EARTH_RADIUS_M } from '../config/constants';
import { formatNumber } from './format';

export interface LatLng {
  lat: number;
  lng: number;
}

const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance in metres. */
export function haversineM(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function formatCoordinate(value: number): string {
  return value.toFixed(COORDINATE_DECIMALS);
}

/** "850 m", "1.2 km", "14 km": the number as the language in effect writes it ("1,2 km" in French). */
export function formatDistance(metres: number): string {
  if (!Number.isFinite(metres)) return '';
  if (metres < 1000) return `${Math.round(metres)} m`;
  const digits = metres < 10_000 ? 1 : 0;
  const km = formatNumber(Number((metres / 1000).toFixed(digits)), { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
  return `${km} km`;
}
