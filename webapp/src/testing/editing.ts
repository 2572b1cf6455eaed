/**
 * The edit pages' calls as their tests answer them: the checks (POST …/edit/validate) passed or
 * refused, and the proposals (POST …/edit) accepted, or refused once because the subject changed
 * meanwhile; and what the tests assert of a proposal sent and of a reload after such a change.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { ArtistEditReceipt, EditCheck, EditReceipt, EditRequest, EditSubject, FieldEdit, FieldProblem, PendingEdit } from '../api/types';
import { apiError, bodyOf, envelope, json, mockFetch, type Handler, type RecordedRequest } from './fetchMock';
import { toastMessages } from './render';

/** The check of `body` passed: nothing to fix. */
export const valid = (body: EditRequest): EditCheck => ({ valid: true, errors: [], edits: body.edits });

/** A check that refuses every edit sent with these `errors`. */
export function refusedCheck(errors: FieldProblem[]): Handler {
  return (req) => envelope({ valid: false, errors, edits: bodyOf<EditRequest>(req).edits } satisfies EditCheck);
}

/** A proposal recorded: 201 with its receipt. */
export const created = (data: unknown) => json({ success: true, data, timestamp: '2025-01-01T00:00:00.000Z' }, { status: 201 });

/** The receipt of a proposal for the subject `id` (`artwork_id` or `artist_id`): pending, with the edits sent. */
export function pendingReceipt(subject: EditSubject, id: string): (body: EditRequest) => EditReceipt | ArtistEditReceipt {
  return (body) =>
    subject === 'artist'
      ? { id: 'sub-1', status: 'pending', artist_id: id, edits: body.edits }
      : { id: 'sub-1', status: 'pending', artwork_id: id, edits: body.edits };
}

/** The edits a recorded check or proposal sent. */
export const editsOf = (req: RecordedRequest): FieldEdit[] => bodyOf<EditRequest>(req).edits;

/**
 * The edit calls of one subject (`/api/{subject}/{id}/…`): checks that pass, and proposals
 * accepted (`receipt` of the body sent) that are then the caller's pending edits.
 */
export function proposalRoutes(
  subject: EditSubject,
  id: string,
  receipt: (body: EditRequest) => unknown = pendingReceipt(subject, id),
): Record<string, Handler> {
  const pending: PendingEdit[] = [];
  return {
    [`POST /api/${subject}/${id}/edit/validate`]: (req) => envelope(valid(bodyOf<EditRequest>(req))),
    [`POST /api/${subject}/${id}/edit`]: (req) => {
      const body = bodyOf<EditRequest>(req);
      pending.unshift({ id: 'sub-1', created_at: '2025-06-01T10:00:00Z', note: body.note ?? null, edits: body.edits });
      return created(receipt(body));
    },
    [`GET /api/${subject}/${id}/pending-edits`]: () => envelope({ edits: pending }),
  };
}

/**
 * The edit page's server: `routes` (the subject's page, what the form looks up), the subject as
 * `current()` is at each GET /api/{subject}s/{id}, and the edit calls of `proposalRoutes`; `over`
 * stands in for any of them.
 */
export function editServer(
  subject: EditSubject,
  id: string,
  current: () => unknown,
  routes: Record<string, Handler>,
  over: Record<string, Handler> = {},
) {
  return mockFetch({ ...routes, [`GET /api/${subject}s/${id}`]: () => envelope(current()), ...proposalRoutes(subject, id), ...over });
}

/** Proposals refused the first time (409: the subject changed since, `stale` says), then accepted (`receipt`). */
export function staleOnce(stale: string, receipt: (body: EditRequest) => unknown): Handler {
  let proposals = 0;
  return (req) => (++proposals === 1 ? apiError(409, 'CONFLICT', stale) : created(receipt(bodyOf<EditRequest>(req))));
}

/** The proposal at `path` (…/edit) was checked first, then sent: `expected` both times. */
export function expectCheckedThenProposed(callsTo: (path: string) => RecordedRequest[], path: string, expected: EditRequest): void {
  expect(bodyOf(callsTo(`${path}/validate`)[0]!)).toEqual(expected);
  expect(bodyOf(callsTo(path)[0]!)).toEqual(expected);
}

/**
 * The server's check refused the proposal at `path` (…/edit): its problems are listed together
 * (`listed`), as an alert and without Reload (they are the proposal's own); the check was sent
 * `edits` and nothing was proposed. The list, for more checks.
 */
export async function expectCheckRefused(
  callsTo: (path: string) => RecordedRequest[],
  path: string,
  listed: string[],
  edits: FieldEdit[],
): Promise<HTMLElement> {
  const summary = await screen.findByTestId('edit-problems');
  expect(summary).toHaveAttribute('role', 'alert');
  for (const problem of listed) expect(summary).toHaveTextContent(problem);
  expect(editsOf(callsTo(`${path}/validate`)[0]!)).toEqual(edits);
  expect(callsTo(path)).toHaveLength(0);
  expect(within(summary).queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
  return summary;
}

/**
 * After a proposal found the subject changed meanwhile: the problems say so (`stale`), focused;
 * `meanwhile` makes the change on the server, and Reload loads it.
 */
export async function reloadStale(stale: string, meanwhile: () => void): Promise<void> {
  const summary = await screen.findByTestId('edit-problems');
  expect(summary).toHaveTextContent(stale);
  await waitFor(() => expect(summary).toHaveFocus());
  meanwhile();
  await userEvent.click(within(summary).getByRole('button', { name: 'Reload' }));
}

/** After Reload: the problems are gone, and the form (named `form`) says the current values are loaded. */
export function expectReloaded(form: string): void {
  expect(screen.queryByTestId('edit-problems')).not.toBeInTheDocument();
  expect(within(screen.getByRole('form', { name: form })).getByText(/The current values are loaded/)).toHaveAttribute('role', 'status');
}

/** The proposal was sent: a toast thanks for it, and the subject's page says it waits (`waiting`: what the notice says). */
export async function expectSentAndWaiting(store: Parameters<typeof toastMessages>[0], waiting: string): Promise<void> {
  expect(toastMessages(store)).toContain('Thanks! Your changes will appear once a moderator approves them.');
  expect(await screen.findByTestId('pending-edits')).toHaveTextContent(waiting);
}
