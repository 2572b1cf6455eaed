/**
 * GET /places: the cities the registry covers and their neighbourhoods or boroughs, with how
 * many artworks each holds and the box around them. The server keeps its answer for five
 * minutes; a session reads it once.
 */
import { baseApi, unwrap } from './baseApi';
import type { ArtworkDto, Envelope_PlaceList, Place } from './types';

export const placesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPlaces: build.query<Place[], void>({
      query: () => '/places',
      transformResponse: (r: Envelope_PlaceList) => unwrap(r).places,
      keepUnusedDataFor: 5 * 60,
    }),
  }),
});

export const { useGetPlacesQuery } = placesApi;

/** "Downtown, Vancouver" or "Vancouver". */
export const placeName = (p: Pick<Place, 'city' | 'area'>) => (p.area ? `${p.area}, ${p.city}` : p.city);

/** The cities with their areas under each, in the server's order (cities by size, areas by size). */
export function citiesOf(places: Place[]): Array<{ city: Place; areas: Place[] }> {
  const cities: Array<{ city: Place; areas: Place[] }> = [];
  for (const p of places) {
    if (!p.area) cities.push({ city: p, areas: [] });
    else cities.find((c) => c.city.city === p.city)?.areas.push(p);
  }
  return cities;
}

/** Places whose name holds every word typed, whole-word starts first, at most `limit`. */
export function placesMatching(places: Place[], query: string, limit = 8): Place[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const scored = places
    .map((p) => {
      const name = placeName(p).toLocaleLowerCase();
      if (!words.every((w) => name.includes(w))) return null;
      const starts = words.filter((w) => name.startsWith(w) || name.includes(` ${w}`)).length;
      return { p, starts };
    })
    .filter((x): x is { p: Place; starts: number } => x !== null);
  scored.sort((a, b) => b.starts - a.starts || b.p.artworks - a.p.artworks);
  return scored.slice(0, limit).map((x) => x.p);
}

/** The smallest place whose box holds the point (an area before its city), or null. */
export function placeAt(places: Place[], lat: number, lng: number): Place | null {
  let best: Place | null = null;
  let bestSize = Infinity;
  for (const p of places) {
    if (lat > p.north || lat < p.south || lng > p.east || lng < p.west) continue;
    const size = (p.north - p.south) * (p.east - p.west);
    if (size < bestSize) {
      best = p;
      bestSize = size;
    }
  }
  return best;
}

/**
 * Where an artwork is, in words: its neighbourhood or borough and its dataset's city ("Downtown,
 * Vancouver"), whichever it has; null when it has neither.
 */
export function artworkPlace(artwork: Pick<ArtworkDto, 'tags' | 'provenance'>): string | null {
  const tags = artwork.tags as Record<string, string | undefined>;
  const area = tags.neighbourhood ?? tags.borough ?? null;
  const city = artwork.provenance?.place ?? null;
  return [area, city].filter(Boolean).join(', ') || null;
}
