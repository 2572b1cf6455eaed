/** Saved lists as the server describes them: the caller's lists, one list's page, an artwork's counts. */
import type { ArtworkDto, ListDetails, ListSummary, SavedCounts } from '../api/types';
import { builder } from './builder';

export const LOVED_ID = '10000000-0000-4000-8000-000000000001';
export const VISITED_ID = '10000000-0000-4000-8000-000000000002';
export const WANT_ID = '10000000-0000-4000-8000-000000000003';
export const WALK_ID = '20000000-0000-4000-8000-000000000001';
export const MURALS_ID = '20000000-0000-4000-8000-000000000002';

/** The three system lists, as GET /me/lists gives them before anything was saved. */
export function systemLists(counts: { loved?: number; visited?: number; want_to_see?: number } = {}): ListSummary[] {
  const base = { public: false, owned: true, created_at: null, updated_at: null };
  return [
    { ...base, id: LOVED_ID, name: 'Loved', kind: 'loved', item_count: counts.loved ?? 0 },
    { ...base, id: VISITED_ID, name: 'Visited', kind: 'visited', item_count: counts.visited ?? 0 },
    { ...base, id: WANT_ID, name: 'Want to see', kind: 'want_to_see', item_count: counts.want_to_see ?? 0 },
  ];
}

/** One of the caller's own lists. */
export const customList = builder((): ListSummary => ({
  id: WALK_ID,
  name: 'Sunday walk',
  kind: 'custom',
  public: false,
  item_count: 0,
  owned: true,
  created_at: '2025-04-01T10:00:00Z',
  updated_at: '2025-04-01T10:00:00Z',
}));

/** GET /artworks/{id}/saved: nobody saved it, unless overridden. */
export function savedCounts(
  over: { loved?: [count: number, mine: boolean]; visited?: [number, boolean]; want_to_see?: [number, boolean]; in_lists?: string[] } = {},
): SavedCounts {
  const one = (kind: 'loved' | 'visited' | 'want_to_see', list_id: string) => {
    const [count, mine] = over[kind] ?? [0, false];
    return { kind, list_id, count, mine };
  };
  return {
    lists: [one('loved', LOVED_ID), one('visited', VISITED_ID), one('want_to_see', WANT_ID)],
    in_lists: over.in_lists ?? [],
  };
}

/** GET /lists/{id}: page `page` of `total` artworks, 50 a page. */
export function listPage(list: ListSummary, items: ArtworkDto[], page = 1, total = items.length): ListDetails {
  const totalPages = Math.ceil(total / 50);
  return {
    list: { ...list, item_count: total },
    items,
    pagination: { page, limit: 50, total, total_pages: totalPages, has_more: page < totalPages },
  };
}

/** An artwork as lists give it (no logbook). */
export function listArtwork(n: number, over: Partial<ArtworkDto> = {}): ArtworkDto {
  const hex = n.toString(16).padStart(12, '0');
  return {
    id: `30000000-0000-4000-8000-${hex}`,
    title: `Artwork ${n}`,
    description: null,
    artwork_type: 'mural',
    status: 'approved',
    lat: 49.28,
    lon: -123.12,
    tags: {},
    artists: [],
    photos: [],
    main_photo: null,
    hidden_photos: [],
    provenance: null,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    ...over,
  };
}
