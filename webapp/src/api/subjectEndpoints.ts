/**
 * The endpoints an artwork and an artist have alike (SPEC §7), built once for either subject: the
 * subject by id, also as it was at a moment of its history (`as_of`; the history itself is
 * `historyApi`'s); proposing an edit to it (checked first, nothing written) and the caller's own
 * proposals for it still waiting. Each api injects them under its own names.
 */
import type { EndpointBuilder } from '@reduxjs/toolkit/query';
import { LIST_ID, unwrap, type plinthBaseQuery, type TagType } from './baseApi';
import type { EditCheck, EditRequest, Envelope, PendingEdit, PendingEdits } from './types';

type Build = EndpointBuilder<typeof plinthBaseQuery, TagType, 'api'>;

export interface AsOfArgs {
  id: string;
  /** A history entry's id (an event position) or an RFC 3339 time. */
  asOf: string;
}

export interface EditArgs {
  id: string;
  body: EditRequest;
}

/** GET `{collection}/{id}`, now and `?as_of=`; both carry the subject's tag. */
export function versionEndpoints<T>(build: Build, collection: '/artworks' | '/artists', tag: 'Artwork' | 'Artist') {
  const url = (id: string) => `${collection}/${encodeURIComponent(id)}`;
  return {
    current: build.query<T, string>({
      query: url,
      transformResponse: (r: Envelope<T>) => unwrap(r),
      providesTags: (_r, _e, id) => [{ type: tag, id }],
    }),
    asOf: build.query<T, AsOfArgs>({
      query: ({ id, asOf }) => `${url(id)}?as_of=${encodeURIComponent(asOf)}`,
      transformResponse: (r: Envelope<T>) => unwrap(r),
      providesTags: (_r, _e, { id }) => [{ type: tag, id }],
    }),
  };
}

/**
 * POST `{path}/{id}/edit` (and `/edit/validate` first), GET `{path}/{id}/pending-edits`.
 * `pendingId`: the id of the tag of the caller's pending proposals for one subject; `answers`:
 * what else a proposal for the subject `id` changes once recorded (an artwork's quick tasks).
 */
export function proposalEndpoints<Receipt>(
  build: Build,
  path: '/artwork' | '/artist',
  pendingId: (id: string) => string,
  answers: (id: string) => Array<{ type: TagType; id: string }> = () => [],
) {
  const url = (id: string) => `${path}/${encodeURIComponent(id)}`;
  const pendingEditsTag = (id: string) => ({ type: 'Submission' as const, id: pendingId(id) });
  return {
    propose: build.mutation<Receipt, EditArgs>({
      query: ({ id, body }) => ({ url: `${url(id)}/edit`, method: 'POST', body }),
      transformResponse: (r: Envelope<Receipt>) => unwrap(r),
      // The subject changes only once a moderator approves; until then the proposal is the caller's.
      invalidatesTags: (_r, error, { id }) =>
        error ? [] : [pendingEditsTag(id), { type: 'Submission', id: LIST_ID }, { type: 'MyEdits', id: LIST_ID }, ...answers(id)],
    }),
    validate: build.mutation<EditCheck, EditArgs>({
      query: ({ id, body }) => ({ url: `${url(id)}/edit/validate`, method: 'POST', body }),
      transformResponse: (r: Envelope<EditCheck>) => unwrap(r),
    }),
    pending: build.query<PendingEdit[], string>({
      query: (id) => `${url(id)}/pending-edits`,
      transformResponse: (r: Envelope<PendingEdits>) => unwrap(r).edits,
      providesTags: (_r, _e, id) => [pendingEditsTag(id)],
    }),
  };
}
