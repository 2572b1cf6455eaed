/**
 * The map's filters, kept in the URL's query so a filtered map can be shared: `type` (one artwork
 * type), `list` (a list's id: only its artworks) and `unseen=1` (not in the viewer's Visited list).
 * The nearby call has no such filters: the markers it returns are filtered here.
 * `tour=1` beside `list` also draws that list's walking tour (`/?list={id}&tour=1`).
 */
import type { ArtworkType } from '../../api/types';
import { isArtworkType } from '../../lib/map/artworkTypes';

export interface MapFilters {
  type: ArtworkType | null;
  list: string | null;
  unseen: boolean;
}

export const NO_FILTERS: MapFilters = { type: null, list: null, unseen: false };

export function readMapFilters(params: URLSearchParams): MapFilters {
  const type = params.get('type')?.trim() ?? '';
  const list = params.get('list')?.trim() ?? '';
  const unseen = params.get('unseen');
  return {
    type: isArtworkType(type) ? type : null,
    list: list || null,
    unseen: unseen === '1' || unseen === 'true',
  };
}

/** The query parameters of `filters` (null: left out), for `withParams`. */
export function mapFilterParams(filters: MapFilters): Record<string, string | null> {
  return { type: filters.type, list: filters.list, unseen: filters.unseen ? '1' : null };
}

export function activeFilterCount(filters: MapFilters): number {
  return (filters.type ? 1 : 0) + (filters.list ? 1 : 0) + (filters.unseen ? 1 : 0);
}

/**
 * The artworks that pass `filters`: `inList` the ids of the chosen list's artworks, `visited` those
 * of the viewer's Visited list (each needed only with its filter).
 */
export function applyMapFilters<A extends { id: string; artwork_type: string }>(
  artworks: A[],
  filters: MapFilters,
  ids: { inList?: ReadonlySet<string>; visited?: ReadonlySet<string> },
): A[] {
  if (activeFilterCount(filters) === 0) return artworks;
  return artworks.filter(
    (a) =>
      (!filters.type || a.artwork_type === filters.type) &&
      (!filters.list || (ids.inList?.has(a.id) ?? false)) &&
      (!filters.unseen || !(ids.visited?.has(a.id) ?? false)),
  );
}

/** The list whose walking tour the map shows: `list` when `tour=1` (or `true`) is beside it. */
export function readTour(params: URLSearchParams): string | null {
  const tour = params.get('tour');
  return tour === '1' || tour === 'true' ? readMapFilters(params).list : null;
}

/** The query parameters that show (`on`) or close the tour of the `list` filter, for `withParams`. */
export function tourParams(on: boolean): Record<string, string | null> {
  return { tour: on ? '1' : null };
}
