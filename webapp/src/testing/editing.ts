/** The edit pages' checks (POST …/edit/validate) as their tests answer them: passed, or refused. */
import type { EditCheck, FieldProblem, EditRequest } from '../api/types';
import { bodyOf, envelope, type Handler } from './fetchMock';

/** The check of `body` passed: nothing to fix. */
export const valid = (body: EditRequest): EditCheck => ({ valid: true, errors: [], edits: body.edits });

/** A check that refuses every edit sent with these `errors`. */
export function refusedCheck(errors: FieldProblem[]): Handler {
  return (req) => envelope({ valid: false, errors, edits: bodyOf<EditRequest>(req).edits } satisfies EditCheck);
}
