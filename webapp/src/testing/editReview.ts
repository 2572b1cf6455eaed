/** The review of proposed edits (artworks' and artists'), as its tests drive it. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EditDetail, EditSubject } from '../api/types';
import { envelope, type Handler } from './fetchMock';

/**
 * An element's text as seen: without what only screen readers hear, nor (`leaveOut`) some of its
 * elements; spaces collapsed and line breaks kept, as the diff's `white-space: pre-line` shows them.
 */
function seen(element: Element, leaveOut = ''): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll(['.visually-hidden', leaveOut].filter(Boolean).join(', ')).forEach((e) => e.remove());
  return (copy.textContent ?? '')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .trim();
}

/** The rows of the "Proposed edits" list (either tab's). */
export const editRows = () => within(screen.getByRole('list', { name: 'Proposed edits' })).queryAllByTestId('edit-item');

/** Once the list shows, opens the edit whose row's button is named `review`: its detail, its fields shown. */
export async function openEditDetail(review: string): Promise<HTMLElement> {
  await screen.findAllByTestId('edit-item');
  await userEvent.click(screen.getByRole('button', { name: review }));
  const detail = await screen.findByTestId('edit-detail');
  await within(detail).findAllByTestId('edit-field');
  return detail;
}

/**
 * A field of the edit under review, found by its name: its change as seen (`shown`: the value now
 * with the proposed words marked, and the words on it such as "(cleared)"); the value now and as
 * proposed, read from the marks (`now` leaves out the words added, `proposed` those removed); the
 * words added and removed (each `<ins>` and `<del>`); what the proposer saw, when the field changed
 * since (else null); and its checkbox.
 */
export function fieldRow(detail: HTMLElement, label: string) {
  const row = within(detail).getByRole('heading', { level: 3, name: label }).closest<HTMLElement>('[data-testid="edit-field"]')!;
  const change = row.querySelector('.edit-field__change')!;
  const diff = change.querySelector('.text-diff');
  const was = row.querySelector('.edit-field__was');
  return {
    row,
    shown: seen(change),
    now: diff ? seen(diff, 'ins') : '',
    proposed: diff ? seen(diff, 'del') : '',
    added: within(row).queryAllByRole('insertion').map((e) => seen(e)),
    removed: within(row).queryAllByRole('deletion').map((e) => seen(e)),
    was: was && seen(was),
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

/** What a queue row says of any proposed edit, artwork's or artist's: who, when, which fields, and whether any is stale. */
export function editSummaryOf(e: Pick<EditDetail, 'id' | 'submitter' | 'created_at' | 'fields'>) {
  return {
    id: e.id,
    submitter: e.submitter,
    created_at: e.created_at,
    fields: e.fields.map((f) => f.field_name),
    stale: e.fields.some((f) => f.stale),
  };
}

/** The edits still pending, in order, and `take`, which a decision on one calls to take it out. */
export function pendingEdits<E extends { id: string }>(edits: readonly E[]): { pending: E[]; take: (id: string) => void } {
  const pending = [...edits];
  const take = (id: string) => {
    const i = pending.findIndex((e) => e.id === id);
    if (i >= 0) pending.splice(i, 1);
  };
  return { pending, take };
}
