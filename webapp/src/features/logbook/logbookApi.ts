/** POST /logbook (multipart): a visit to an artwork, with photos and notes (SPEC §3, §7). */
import { baseApi, envelopeOrFlat, LIST_ID } from '../../api/baseApi';
import type { SubmissionReceipt } from '../../api/provisional';

export interface LogbookSubmission {
  lat: number;
  lon: number;
  notes: string;
  type: string;
  artworkId?: string;
  photos: File[];
  /** Extra text fields (e.g. a new artwork's title). */
  extra?: Record<string, string>;
}

export function logbookFormData(s: LogbookSubmission): FormData {
  const form = new FormData();
  form.append('lat', String(s.lat));
  form.append('lon', String(s.lon));
  form.append('notes', s.notes);
  form.append('type', s.type);
  if (s.artworkId) form.append('artworkId', s.artworkId);
  for (const [k, v] of Object.entries(s.extra ?? {})) form.append(k, v);
  for (const p of s.photos) form.append('photos', p, p.name);
  return form;
}

export const logbookApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    submitLogbook: build.mutation<SubmissionReceipt, LogbookSubmission>({
      query: (s) => ({ url: '/logbook', method: 'POST', body: logbookFormData(s), timeoutMs: 120_000 }),
      transformResponse: (raw: unknown) => envelopeOrFlat<SubmissionReceipt>(raw),
      invalidatesTags: [{ type: 'Submission', id: LIST_ID }],
    }),
  }),
});

export const { useSubmitLogbookMutation } = logbookApi;
