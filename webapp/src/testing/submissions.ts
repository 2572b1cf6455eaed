/** Photos, submissions and receipts shaped as the server's OpenAPI document describes them, and the forms' steps their tests share. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { NearbyCandidate, PhotoDto, SubmissionDto, SubmissionList, SubmissionReceipt } from '../api/types';
import { builder } from './builder';
import { json } from './fetchMock';

/** Photo `n`, its key `n` in hexadecimal. */
export function photo(n: number): PhotoDto {
  return photoWithKey(n.toString(16).padStart(32, '0'));
}

/** The photo stored under `key`, in its sizes. */
export function photoWithKey(key: string): PhotoDto {
  return {
    key,
    width: 1600,
    height: 1200,
    url: `/api/images/original/${key}`,
    thumbnail_url: `/api/images/thumbnail/${key}`,
    medium_url: `/api/images/medium/${key}`,
    large_url: `/api/images/large/${key}`,
  };
}

export const ARTWORK_ID = '77777777-7777-4777-8777-777777777777';

export const candidate = builder((): NearbyCandidate => ({
  id: ARTWORK_ID,
  title: 'Girl in a Wetsuit',
  artwork_type: 'statue',
  lat: 49.3031,
  lon: -123.1265,
  distance_m: 12,
  similarity: 0.87,
  thumbnail_url: null,
}));

export const receipt = builder((): SubmissionReceipt => ({
  id: '99999999-9999-4999-8999-999999999999',
  status: 'pending',
  submission_type: 'new_artwork',
  photos: [photo(1)],
  nearby: [],
}));

export const submission = builder((): SubmissionDto => ({
  id: '11111111-1111-4111-8111-111111111111',
  submission_type: 'new_artwork',
  status: 'pending',
  title: 'Bronze whale',
  artwork_type: 'sculpture',
  notes: null,
  condition: null,
  lat: 49.3,
  lon: -123.12,
  photos: [photo(2)],
  unprocessable_photos: [],
  tags: {},
  artists: [],
  artwork_id: null,
  artwork_title: null,
  reason: null,
  queue_position: 1,
  created_at: '2025-05-01T10:00:00Z',
  decided_at: null,
}));

/** A submission as moderators see it: with its submitter and the photos' EXIF. */
export const reviewItem = builder((): SubmissionDto => ({
  ...submission(),
  submitter: { id: '22222222-2222-4222-8222-222222222222', display_name: 'Anonymous (22222222...)' },
  photos: [
    {
      ...photo(3),
      exif: {
        latitude: 49.3,
        longitude: -123.12,
        dateTime: '2025:05:01 09:58:00',
        make: 'Google',
        model: 'Pixel 8',
        orientation: 1,
        width: 4000,
        height: 3000,
      },
    },
  ],
}));

/** GET /me/submissions' or GET /review/queue's page of `submissions`. */
export function submissionList(
  submissions: SubmissionDto[],
  { total = submissions.length, page = 1, limit = 20 }: { total?: number; page?: number; limit?: number } = {},
): SubmissionList {
  const totalPages = Math.ceil(total / limit);
  return {
    submissions,
    total,
    page,
    limit,
    pagination: { page, limit, total, total_pages: totalPages, has_more: page < totalPages },
  };
}

/** POST /logbook's answer: 201 with the receipt and the write's event position. */
export function created(data: SubmissionReceipt, position = '7-3'): Response {
  return json({ success: true, data, timestamp: '2025-01-01T00:00:00.000Z' }, { status: 201, headers: { 'X-Event-Position': position } });
}

/** A promise to settle by hand, for looking at a screen while a call is under way. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The fields of a multipart body, files by name. */
export function formFields(body: unknown): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  if (!(body instanceof FormData)) return out;
  for (const [k, v] of body.entries()) {
    const value = typeof v === 'string' ? v : v.name;
    const prev = out[k];
    out[k] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

/**
 * The select `field`, showing the server's `problem`, keeps it while another field (`elsewhere`)
 * changes, and loses it once `value` is chosen in it.
 */
export async function expectProblemUntilChosen(field: HTMLElement, problem: string, elsewhere: HTMLElement, value: string): Promise<void> {
  await userEvent.type(elsewhere, '!');
  expect(field).toHaveAttribute('aria-invalid', 'true');
  await userEvent.selectOptions(field, value);
  expect(within(screen.getByRole('main')).queryByText(problem)).not.toBeInTheDocument();
  expect(field).not.toHaveAttribute('aria-invalid');
}
