/**
 * Saved lists (SPEC §3, §7, §9), shared by the artwork page, the map, the profile and the list
 * page: the caller's lists (the three system lists first), one list by page, a list's artwork ids
 * (the map's filters), a list's walking tour, an artwork's saved counts, and the writes.
 *
 * Caching: a list's details last LIST_DETAILS_CACHE_SECONDS and are cleared per list when it
 * changes; creating a list clears them all. Saving or removing an artwork updates its saved
 * counts at once (undone if the write fails) and reads them again; the refetch carries
 * X-Min-Position (see `client.ts`), so the server answers with the write applied.
 */
import { LIST_DETAILS_CACHE_SECONDS, LIST_DETAILS_LIMIT, LIST_MAX_ITEMS, LIST_NAME_MAX } from '../config/constants';
import { t } from '../i18n';
import { messageTable } from '../lib/messageTable';
import { baseApi, LIST_ID, undoIfFailed, unwrap, type CacheApi, type Patch } from './baseApi';
import { buildUrl } from './client';
import type { components } from './schema';
import type {
  AddItem,
  Envelope_ListChanged,
  Envelope_ListDetails,
  Envelope_MyLists,
  Envelope_SavedCounts,
  ListChanged,
  ListDetails,
  ListKind,
  ListSummary,
  ListUpdate,
  NewList,
  RemoveItems,
  SavedCounts,
} from './types';

/** GET /lists/{id}/tour: the list's artworks in walking order, each leg and the total in metres.
 * (Named here until `types.ts` names them with the other schemas.) */
export type Tour = components['schemas']['Tour'];
export type TourStop = components['schemas']['TourStop'];
type Envelope_Tour = components['schemas']['Envelope_Tour'];

export type SystemListKind = Exclude<ListKind, 'custom'>;

/** The system lists, in the order the server lists them. */
export const SYSTEM_LIST_KINDS = ['loved', 'visited', 'want_to_see'] as const satisfies readonly SystemListKind[];

/**
 * Their names, as GET /me/lists gives them in English (GET /artworks/{id}/saved gives only the
 * kind), in the language in effect when read.
 */
export const SYSTEM_LIST_NAMES: Readonly<Record<SystemListKind, string>> = messageTable({
  loved: 'lib.lists.loved',
  visited: 'lib.lists.visited',
  want_to_see: 'lib.lists.wantToSee',
});

/** The server's rule for a list's name, in its words; null when `name` (trimmed) passes. */
export function listNameError(name: string): string | null {
  const v = name.trim();
  if (!v) return t('lib.lists.nameRequired');
  if (v.length > LIST_NAME_MAX) return t('lib.lists.nameTooLong', { max: LIST_NAME_MAX });
  return null;
}

export interface ListPageArgs {
  id: string;
  page?: number;
}

export interface ListItemArgs {
  listId: string;
  artworkId: string;
}

export interface RemoveItemsArgs {
  listId: string;
  /** 1 to 100. */
  artworkIds: string[];
}

export type ListChange = ListUpdate & { id: string };

/** Where a walk starts (the API's `start=lat,lon`). */
export interface TourStart {
  lat: number;
  lon: number;
}

export interface ListTourArgs {
  id: string;
  /** Unset or null: the walk starts at its first stop. */
  start?: TourStart | null;
}

const ALL_LISTS = { type: 'List', id: LIST_ID } as const;
const listTag = (id: string) => ({ type: 'List' as const, id });
const savedTag = (artworkId: string) => ({ type: 'Saved' as const, id: artworkId });
const listPath = (id: string) => `/lists/${encodeURIComponent(id)}`;

/** A write to the list's items: POST adds one, DELETE takes some out. */
type ItemsWrite = { method: 'POST'; body: AddItem } | { method: 'DELETE'; body: RemoveItems };
const itemsRequest = (listId: string, write: ItemsWrite) => ({ url: `${listPath(listId)}/items`, ...write });

/** The tour as a GPX file, under the API's base (a link's `href`). */
export function listTourGpxUrl(id: string): string {
  return buildUrl(`${listPath(id)}/tour.gpx`);
}

/** The most pages a list can have (at most 1000 artworks, 50 a page). */
const MAX_LIST_PAGES = Math.ceil(LIST_MAX_ITEMS / LIST_DETAILS_LIMIT);

export const listsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMyLists: build.query<ListSummary[], void>({
      query: () => '/me/lists',
      transformResponse: (r: Envelope_MyLists) => unwrap(r).lists,
      providesTags: (r) => [ALL_LISTS, ...(r ?? []).map((l) => listTag(l.id))],
    }),
    getList: build.query<ListDetails, ListPageArgs>({
      query: ({ id, page = 1 }) => ({ url: listPath(id), params: { page, limit: LIST_DETAILS_LIMIT } }),
      transformResponse: (r: Envelope_ListDetails) => unwrap(r),
      keepUnusedDataFor: LIST_DETAILS_CACHE_SECONDS,
      providesTags: (_r, _e, { id }) => [listTag(id)],
    }),
    /** Every artwork id of a list, page after page (the map's list filters). */
    getListArtworkIds: build.query<string[], string>({
      queryFn: async (id, _api, _extra, baseQuery) => {
        const ids: string[] = [];
        for (let page = 1; page <= MAX_LIST_PAGES; page++) {
          const r = await baseQuery({ url: listPath(id), params: { page, limit: LIST_DETAILS_LIMIT } });
          if (r.error) return { error: r.error };
          const d = unwrap(r.data as Envelope_ListDetails);
          ids.push(...d.items.map((a) => a.id));
          if (!d.pagination.has_more) break;
        }
        return { data: ids };
      },
      keepUnusedDataFor: LIST_DETAILS_CACHE_SECONDS,
      providesTags: (_r, _e, id) => [listTag(id)],
    }),
    /** The walk through the list's artworks; read again whenever the list changes. */
    getListTour: build.query<Tour, ListTourArgs>({
      query: ({ id, start }) => ({
        url: `${listPath(id)}/tour`,
        params: { start: start ? `${start.lat},${start.lon}` : undefined },
      }),
      transformResponse: (r: Envelope_Tour) => unwrap(r),
      keepUnusedDataFor: LIST_DETAILS_CACHE_SECONDS,
      providesTags: (_r, _e, { id }) => [listTag(id)],
    }),
    getSaved: build.query<SavedCounts, string>({
      query: (artworkId) => `/artworks/${encodeURIComponent(artworkId)}/saved`,
      transformResponse: (r: Envelope_SavedCounts) => unwrap(r),
      providesTags: (_r, _e, artworkId) => [savedTag(artworkId)],
    }),
    createList: build.mutation<ListChanged, NewList>({
      query: (body) => ({ url: '/lists', method: 'POST', body }),
      transformResponse: (r: Envelope_ListChanged) => unwrap(r),
      invalidatesTags: (r) => (r ? ['List'] : []),
    }),
    addToList: build.mutation<ListChanged, ListItemArgs>({
      query: ({ listId, artworkId }) => itemsRequest(listId, { method: 'POST', body: { artwork_id: artworkId } }),
      transformResponse: (r: Envelope_ListChanged) => unwrap(r),
      onQueryStarted: ({ listId, artworkId }, api) => undoIfFailed([markSaved(api, artworkId, listId, true)], api.queryFulfilled),
      invalidatesTags: (_r, _e, { listId, artworkId }) => [listTag(listId), savedTag(artworkId)],
    }),
    removeFromList: build.mutation<ListChanged, RemoveItemsArgs>({
      query: ({ listId, artworkIds }) => itemsRequest(listId, { method: 'DELETE', body: { artwork_ids: artworkIds } }),
      transformResponse: (r: Envelope_ListChanged) => unwrap(r),
      onQueryStarted: ({ listId, artworkIds }, api) =>
        undoIfFailed(
          [...artworkIds.map((a) => markSaved(api, a, listId, false)), ...leaveListPages(api, listId, artworkIds)],
          api.queryFulfilled,
        ),
      invalidatesTags: (_r, _e, { listId, artworkIds }) => [listTag(listId), ...artworkIds.map(savedTag)],
    }),
    /** Renames a list (never a system list) or makes it public or private. */
    updateList: build.mutation<ListChanged, ListChange>({
      query: ({ id, ...body }) => ({ url: listPath(id), method: 'PATCH', body: body satisfies ListUpdate }),
      transformResponse: (r: Envelope_ListChanged) => unwrap(r),
      onQueryStarted: ({ id, ...change }, api) => undoIfFailed(changeList(api, id, change), api.queryFulfilled),
      invalidatesTags: (_r, _e, { id }) => [listTag(id)],
    }),
    deleteList: build.mutation<ListChanged, string>({
      query: (id) => ({ url: listPath(id), method: 'DELETE' }),
      transformResponse: (r: Envelope_ListChanged) => unwrap(r),
      // Any artwork it held is in one list fewer.
      invalidatesTags: (r, _e, id) => (r ? [listTag(id), ALL_LISTS, 'Saved'] : []),
    }),
  }),
});

/** The artwork's cached saved counts with it in (`saved`) or out of the list `listId`. */
function markSaved(api: CacheApi, artworkId: string, listId: string, saved: boolean): Patch {
  return api.dispatch(
    listsApi.util.updateQueryData('getSaved', artworkId, (draft) => {
      const system = draft.lists.find((l) => l.list_id === listId);
      if (system) {
        if (system.mine !== saved) {
          system.mine = saved;
          system.count = Math.max(0, system.count + (saved ? 1 : -1));
        }
        return;
      }
      const at = draft.in_lists.indexOf(listId);
      if (saved && at < 0) draft.in_lists.push(listId);
      if (!saved && at >= 0) draft.in_lists.splice(at, 1);
    }),
  );
}

/** Takes the artworks out of every cached page of the list. */
function leaveListPages(api: CacheApi, listId: string, artworkIds: string[]): Patch[] {
  const gone = new Set(artworkIds);
  return listsApi.util
    .selectCachedArgsForQuery(api.getState(), 'getList')
    .filter((args) => args.id === listId)
    .map((args) =>
      api.dispatch(
        listsApi.util.updateQueryData('getList', args, (draft) => {
          const kept = draft.items.filter((a) => !gone.has(a.id));
          const removed = draft.items.length - kept.length;
          draft.items = kept;
          draft.pagination.total = Math.max(0, draft.pagination.total - removed);
          draft.list.item_count = Math.max(0, draft.list.item_count - removed);
        }),
      ),
    );
}

/** The list's new name or visibility, in its cached pages and in the caller's lists. */
function changeList(api: CacheApi, id: string, change: ListUpdate): Patch[] {
  const apply = (l: ListSummary) => {
    if (change.name != null) l.name = change.name;
    if (change.public != null) l.public = change.public;
  };
  const pages = listsApi.util
    .selectCachedArgsForQuery(api.getState(), 'getList')
    .filter((args) => args.id === id)
    .map((args) => api.dispatch(listsApi.util.updateQueryData('getList', args, (draft) => apply(draft.list))));
  const mine = api.dispatch(
    listsApi.util.updateQueryData('getMyLists', undefined, (draft) => {
      const l = draft.find((x) => x.id === id);
      if (l) apply(l);
    }),
  );
  return [...pages, mine];
}

export const {
  useGetMyListsQuery,
  useGetListQuery,
  useGetListArtworkIdsQuery,
  useGetListTourQuery,
  useGetSavedQuery,
  useCreateListMutation,
  useAddToListMutation,
  useRemoveFromListMutation,
  useUpdateListMutation,
  useDeleteListMutation,
} = listsApi;
