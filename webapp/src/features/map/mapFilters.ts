/**
 * The map's filters, kept in the URL's query so a filtered map can be shared: `type` (one artwork
 * type), `list` (a list's id: only its artworks), `unseen=1` (not in the viewer's Visited list) and
 * `removed=1` (also the artworks moderators marked removed, as a layer of their own).
 * The nearby call has no such filters: the markers it returns are filtered here, the removed
 * layer's by the same rules (a list may hold removed artworks).
 * `tour=1` beside `list` also draws that list's walking tour (`/?list={id}&tour=1`).
 */
import type { ArtworkType } from '../../api/types';
import { isArtworkType } from '../../lib/map/artworkTypes';

export interface MapFilters {
  type: ArtworkType | null;
  list: string | null;
  unseen: boolean;
  /** Also show the removed artworks (a second nearby call, `status=removed`). */
  removed: boolean;
}

export const NO_FILTERS: MapFilters = { type: null, list: null, unseen: false, removed: false };

const on = (value: string | null) => value === '1' || value === 'true';

export function readMapFilters(params: URLSearchParams): MapFilters {
  const type = params.get('type')?.trim() ?? '';
  const list = params.get('list')?.trim() ?? '';
  return {
    type: isArtworkType(type) ? type : null,
    list: list || null,
    unseen: on(params.get('unseen')),
    removed: on(params.get('removed')),
  };
}

/** The query parameters of `filters` (null: left out), for `withParams`. */
export function mapFilterParams(filters: MapFilters): Record<string, string | null> {
  return { type: filters.type, list: filters.list, unseen: filters.unseen ? '1' : null, removed: filters.removed ? '1' : null };
}

/** The filters that narrow what is shown (all but `removed`, which adds a layer). */
export function narrowingFilterCount(filters: MapFilters): number {
  return (filters.type ? 1 : 0) + (filters.list ? 1 : 0) + (filters.unseen ? 1 : 0);
}

export function activeFilterCount(filters: MapFilters): number {
  return narrowingFilterCount(filters) + (filters.removed ? 1 : 0);
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
  if (narrowingFilterCount(filters) === 0) return artworks;
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
