/**
 * Submissions, shared by the add, logbook and profile screens: POST /logbook (a new artwork or
 * a visit, multipart), the sender's own list (GET /me/submissions) and withdrawing one.
 *
 * A just-sent submission goes into the cached first page of the list at once, so its owner
 * sees it without waiting; the list's next fetch carries X-Min-Position (client.ts), so the
 * server answers only once it has it too.
 */
import { rememberLocalPreviews } from '../lib/localPreviews';
import { MY_SUBMISSIONS_LIMIT, SUBMISSION } from '../config/constants';
import { baseApi, LIST_ID, listTags, unwrap } from './baseApi';
import { getToken } from './token';
import type {
  ArtworkType,
  Condition,
  Envelope_SubmissionList,
  Envelope_SubmissionReceipt,
  ExifDto,
  LogbookFormFields,
  SubmissionDto,
  SubmissionList,
  SubmissionReceipt,
  SubmissionType,
} from './types';

/** What the add and logbook screens send: the document's `LogbookForm`, with files and typed values. */
export interface LogbookForm {
  type: SubmissionType;
  lat: number;
  lon: number;
  photos: File[];
  notes?: string;
  /** Visits: the artwork visited. */
  artworkId?: string;
  condition?: Condition | null;
  /** New artworks. */
  title?: string;
  artwork_type?: ArtworkType;
  description?: string;
  tags?: Record<string, string>;
  artists?: string[];
  /** Not sent: the visited artwork's title, for the list entry shown before the server's. */
  artworkTitle?: string | null;
  /**
   * Sent as Idempotency-Key: one per draft, so sending it again after a lost answer returns
   * the first answer instead of recording it twice.
   */
  idempotencyKey?: string;
  /** Not sent: told the share of the upload gone (0 to 1) as it goes (the Outbox's progress). */
  onUploadProgress?: (fraction: number) => void;
  /**
   * Sent as X-User-Token instead of the stored token (null: none): the Outbox sends an item as
   * whoever made it, who may not be who is signed in now (client.ts `userToken`).
   */
  userToken?: string | null;
}

/** The multipart body of POST /logbook: empty optional fields are left out. */
export function logbookFormData(s: LogbookForm): FormData {
  const form = new FormData();
  // The document's field names, checked by the compiler.
  const field = (name: keyof LogbookFormFields, value: string) => form.append(name, value);
  field('type', s.type);
  field('lat', String(s.lat));
  field('lon', String(s.lon));
  const text = (name: keyof LogbookFormFields, value: string | null | undefined) => {
    const v = value?.trim();
    if (v) field(name, v);
  };
  text('notes', s.notes);
  if (s.type === 'logbook') {
    text('artworkId', s.artworkId);
    text('condition', s.condition);
  } else {
    text('title', s.title);
    text('artwork_type', s.artwork_type);
    text('description', s.description);
    if (s.tags && Object.keys(s.tags).length > 0) field('tags', JSON.stringify(s.tags));
    if (s.artists && s.artists.length > 0) field('artists', JSON.stringify(s.artists));
  }
  for (const p of s.photos) form.append('photos' satisfies keyof LogbookFormFields, p, p.name);
  return form;
}

/** The list entry for a submission just sent, until the server's own arrives. */
export function sentSubmission(receipt: SubmissionReceipt, s: LogbookForm, now = new Date()): SubmissionDto {
  const visit = s.type === 'logbook';
  return {
    id: receipt.id,
    submission_type: receipt.submission_type,
    status: 'pending',
    title: visit ? null : s.title?.trim() || null,
    artwork_type: visit ? null : (s.artwork_type ?? null),
    notes: s.notes?.trim() || null,
    condition: visit ? (s.condition ?? null) : null,
    lat: s.lat,
    lon: s.lon,
    photos: receipt.photos,
    unprocessable_photos: [],
    tags: visit ? {} : (s.tags ?? {}),
    artists: visit ? [] : (s.artists ?? []),
    artwork_id: visit ? (s.artworkId ?? null) : null,
    artwork_title: visit ? (s.artworkTitle ?? null) : null,
    reason: null,
    queue_position: null,
    created_at: now.toISOString(),
    decided_at: null,
  };
}

export interface MySubmissionsArgs {
  page?: number;
}

export const submissionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    submitLogbook: build.mutation<SubmissionReceipt, LogbookForm>({
      query: (s) => ({
        url: '/logbook',
        method: 'POST',
        body: logbookFormData(s),
        timeoutMs: SUBMISSION.uploadTimeoutMs,
        ...(s.idempotencyKey ? { headers: { 'Idempotency-Key': s.idempotencyKey } } : {}),
        ...(s.onUploadProgress ? { onUploadProgress: s.onUploadProgress } : {}),
        ...(s.userToken !== undefined ? { userToken: s.userToken } : {}),
      }),
      transformResponse: (r: Envelope_SubmissionReceipt) => unwrap(r),
      // Moderators' queue and counts change; the sender's list is updated in place (below). A
      // visit ticks the visitor's Visited list on the server, and its photos answer the
      // artwork's quick task "Add a photo".
      invalidatesTags: (r, _e, s) => [
        { type: 'Review', id: LIST_ID },
        { type: 'Review', id: 'STATS' },
        ...(r && s.type === 'logbook' && s.artworkId
          ? (['List', { type: 'Saved', id: s.artworkId }, { type: 'Task', id: s.artworkId }] as const)
          : []),
      ],
      async onQueryStarted(arg, api) {
        let receipt: SubmissionReceipt;
        try {
          ({ data: receipt } = await api.queryFulfilled);
        } catch {
          return;
        }
        rememberLocalPreviews(receipt.photos, arg.photos);
        // Sent as someone other than who is signed in (an Outbox item of an anonymous visitor's):
        // not an entry of this person's list.
        if (arg.userToken !== undefined && arg.userToken !== getToken()) return;
        const entry = sentSubmission(receipt, arg);
        for (const cached of submissionsApi.util.selectCachedArgsForQuery(api.getState(), 'getMySubmissions')) {
          if ((cached.page ?? 1) !== 1) continue;
          api.dispatch(
            submissionsApi.util.updateQueryData('getMySubmissions', cached, (draft) => {
              if (draft.submissions.some((s) => s.id === entry.id)) return;
              draft.submissions.unshift(entry);
              draft.total += 1;
            }),
          );
        }
      },
    }),
    getMySubmissions: build.query<SubmissionList, MySubmissionsArgs>({
      query: ({ page = 1 }) => ({ url: '/me/submissions', params: { page, limit: MY_SUBMISSIONS_LIMIT } }),
      transformResponse: (r: Envelope_SubmissionList) => unwrap(r),
      providesTags: (r) => listTags('Submission', r?.submissions),
      // Long enough that a list seen before adding an artwork is still there to show it.
      keepUnusedDataFor: 600,
    }),
    withdrawSubmission: build.mutation<unknown, string>({
      query: (id) => ({ url: `/submissions/${encodeURIComponent(id)}/withdraw`, method: 'POST' }),
      async onQueryStarted(id, api) {
        const patches = submissionsApi.util.selectCachedArgsForQuery(api.getState(), 'getMySubmissions').map((args) =>
          api.dispatch(
            submissionsApi.util.updateQueryData('getMySubmissions', args, (draft) => {
              const s = draft.submissions.find((x) => x.id === id);
              if (s) {
                s.status = 'withdrawn';
                s.queue_position = null;
              }
            }),
          ),
        );
        try {
          await api.queryFulfilled;
        } catch {
          patches.forEach((p) => p.undo());
        }
      },
      // Others' queue positions move up.
      invalidatesTags: (_r, _e, id) => [
        { type: 'Submission', id: LIST_ID },
        { type: 'Submission', id },
        { type: 'Review', id: LIST_ID },
        { type: 'Review', id: 'STATS' },
      ],
    }),
    /** The author has the GPS position, time and camera of a submission's photos forgotten. */
    erasePhotoMetadata: build.mutation<unknown, string>({
      query: (id) => ({ url: `/submissions/${encodeURIComponent(id)}/photo-metadata/erase`, method: 'POST' }),
      async onQueryStarted(id, api) {
        const patches = submissionsApi.util.selectCachedArgsForQuery(api.getState(), 'getMySubmissions').map((args) =>
          api.dispatch(
            submissionsApi.util.updateQueryData('getMySubmissions', args, (draft) => {
              const s = draft.submissions.find((x) => x.id === id);
              s?.photos.forEach((p) => {
                if (p.exif) p.exif = withoutPersonalExif(p.exif);
              });
            }),
          ),
        );
        try {
          await api.queryFulfilled;
        } catch {
          patches.forEach((p) => p.undo());
        }
      },
      invalidatesTags: (_r, _e, id) => [{ type: 'Submission', id }],
    }),
  }),
});

/** What stays of a photo's EXIF once its personal fields are erased: orientation and size. */
export function withoutPersonalExif(exif: ExifDto): ExifDto {
  return { ...exif, latitude: null, longitude: null, dateTime: null, make: null, model: null };
}

/** Whether any photo still tells where or with what it was taken. */
export function hasPersonalExif(s: SubmissionDto): boolean {
  return s.photos.some((p) => p.exif && (p.exif.latitude != null || p.exif.longitude != null || p.exif.make != null || p.exif.model != null || p.exif.dateTime != null));
}

export const { useSubmitLogbookMutation, useGetMySubmissionsQuery, useWithdrawSubmissionMutation, useErasePhotoMetadataMutation } =
  submissionsApi;
