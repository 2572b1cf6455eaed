/** The review of proposed edits (artworks' and artists'), as its tests drive it. */
import { within } from '@testing-library/react';
import type { EditSubject } from '../api/types';
import { envelope, type Handler } from './fetchMock';

/** A field's row of the edit under review: its cells' text (before, proposed, current), and its checkbox. */
export function fieldRow(detail: HTMLElement, label: string) {
  const row = within(detail).getByRole('rowheader', { name: label }).closest('tr')!;
  return {
    row,
    cells: within(row)
      .getAllByRole('cell')
      .slice(1)
      .map((c) => c.textContent),
    apply: within(row).getByRole('checkbox', { name: `Apply ${label}` }),
  };
}

/**
 * Each edit's detail, and its approval and rejection, which `take` it out of the pending ones;
 * an approval answers with the subject's id (`artwork_id` or `artist_id`).
 */
export function editDecisionRoutes<E extends { id: string }>(
  subject: EditSubject,
  edits: readonly E[],
  subjectId: (e: E) => string,
  take: (id: string) => void,
): Record<string, Handler> {
  const path = (e: E) => `/api/review/${subject}-edits/${e.id}`;
  return Object.fromEntries(
    edits.flatMap((e): Array<[string, Handler]> => [
      [`GET ${path(e)}`, () => envelope(e)],
      [
        `POST ${path(e)}/approve`,
        () => (take(e.id), envelope({ id: e.id, status: 'approved', [`${subject}_id`]: subjectId(e), applied: [] })),
      ],
      [`POST ${path(e)}/reject`, () => (take(e.id), envelope({ id: e.id, status: 'rejected' }))],
    ]),
  );
}
