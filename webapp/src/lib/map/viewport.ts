/** The nearby query that covers a viewport: its centre and the radius reaching its corners. */
import { NEARBY } from '../../config/constants';
import { haversineM } from '../geo';
import type { MapViewport } from './types';

export interface NearbyArea {
  lat: number;
  lon: number;
  radius: number;
}

/** Rounded so tiny pans reuse the cache; radius in whole metres, 100 … 50 000. */
export function nearbyAreaFor(viewport: MapViewport): NearbyArea {
  const { center, bounds } = viewport;
  const corners = [
    { lat: bounds.north, lng: bounds.east },
    { lat: bounds.north, lng: bounds.west },
    { lat: bounds.south, lng: bounds.east },
    { lat: bounds.south, lng: bounds.west },
  ];
  const far = Math.max(...corners.map((c) => haversineM(center, c)));
  const radius = Math.min(NEARBY.maxRadius, Math.max(100, Math.ceil(far / 10) * 10));
  return {
    lat: Math.round(center.lat * 1e5) / 1e5,
    lon: Math.round(center.lng * 1e5) / 1e5,
    radius,
  };
}
