/** Saved lists (SPEC §3, §7, §9): details cached 5 minutes, cleared per list on change. */
import { baseApi, envelopeOrFlat, LIST_ID } from '../../api/baseApi';
import type { ListDetailsResponse, ListSummary } from '../../api/provisional';
import type { ArtworkDto, Pagination } from '../../api/types';
import { LIST_DETAILS_CACHE_SECONDS, LIST_DETAILS_LIMIT } from '../../config/constants';

export interface ListDetails {
  list: ListSummary;
  items: ArtworkDto[];
  pagination: Pagination | null;
}

export const listsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMyLists: build.query<ListSummary[], void>({
      query: () => '/me/lists',
      transformResponse: (raw: unknown) => {
        const d = envelopeOrFlat<{ lists?: ListSummary[] } | ListSummary[]>(raw);
        return Array.isArray(d) ? d : (d.lists ?? []);
      },
      providesTags: (r) => [{ type: 'List', id: LIST_ID }, ...(r ?? []).map((l) => ({ type: 'List' as const, id: l.id }))],
    }),
    getList: build.query<ListDetails, { id: string; page?: number }>({
      query: ({ id, page = 1 }) => ({ url: `/lists/${encodeURIComponent(id)}`, params: { page, limit: LIST_DETAILS_LIMIT } }),
      transformResponse: (raw: unknown, _m, { id }) => {
        const d = envelopeOrFlat<ListDetailsResponse<ArtworkDto>>(raw);
        return {
          list: d.list ?? { id, name: d.name ?? 'List' },
          items: d.items ?? d.artworks ?? [],
          pagination: d.pagination ?? null,
        };
      },
      keepUnusedDataFor: LIST_DETAILS_CACHE_SECONDS,
      providesTags: (_r, _e, { id }) => [{ type: 'List', id }],
    }),
    createList: build.mutation<ListSummary, { name: string }>({
      query: (body) => ({ url: '/lists', method: 'POST', body }),
      transformResponse: (raw: unknown) => envelopeOrFlat<ListSummary>(raw),
      invalidatesTags: ['List'],
    }),
    addToList: build.mutation<unknown, { id: string; artwork_id: string }>({
      query: ({ id, artwork_id }) => ({ url: `/lists/${encodeURIComponent(id)}/items`, method: 'POST', body: { artwork_id } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'List', id }],
    }),
    removeFromList: build.mutation<unknown, { id: string; artwork_ids: string[] }>({
      query: ({ id, artwork_ids }) => ({ url: `/lists/${encodeURIComponent(id)}/items`, method: 'DELETE', body: { artwork_ids } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'List', id }],
    }),
    deleteList: build.mutation<unknown, string>({
      query: (id) => ({ url: `/lists/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'List', id }, { type: 'List', id: LIST_ID }],
    }),
  }),
});

export const { useGetMyListsQuery, useGetListQuery, useRemoveFromListMutation } = listsApi;
