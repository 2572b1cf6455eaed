/**
 * A form's problems while the person fixes them, for every form (a new artwork, a visit, the edit
 * forms): a problem shows at its field only as long as it holds. One the form's own rules found
 * is checked again at each change, so it goes (or changes its words) as the value becomes valid;
 * one the server gave goes as soon as the person changes that field. A problem about nothing the
 * form can change (the whole proposal, a field it does not know) stays until the next submit.
 */
import { useState } from 'react';

export interface Problem<F extends string = string> {
  field: F;
  message: string;
}

/** Why a field is flagged: the form's rules (checked again at each change), or the server's answer about a value. */
export type Flag<F extends string = string> =
  | { field: F; by: 'rules' }
  | { field: F; by: 'server'; message: string; value: unknown };

/**
 * The problems to show now and the flags to keep: a server's problem while its field still has
 * the value it was about (`valueAt`, compared with Object.is, so values must keep their identity
 * until changed), else what the rules (`rules`, found now) say about that field, if anything.
 */
export function liveProblems<F extends string>(
  flags: readonly Flag<F>[],
  rules: readonly Problem<F>[],
  valueAt: (field: F) => unknown,
): { problems: Problem<F>[]; flags: Flag<F>[] } {
  const problems: Problem<F>[] = [];
  const kept: Flag<F>[] = [];
  const checked = new Set<F>();
  for (const flag of flags) {
    if (flag.by === 'server' && Object.is(valueAt(flag.field), flag.value)) {
      problems.push({ field: flag.field, message: flag.message });
      kept.push(flag);
      continue;
    }
    if (checked.has(flag.field)) continue;
    checked.add(flag.field);
    const now = rules.filter((p) => p.field === flag.field);
    if (now.length === 0) continue;
    problems.push(...now);
    kept.push({ field: flag.field, by: 'rules' });
  }
  return { problems, flags: kept };
}

const sameFlags = <F extends string>(a: readonly Flag<F>[], b: readonly Flag<F>[]) =>
  a.length === b.length && a.every((f, i) => f.field === b[i]!.field && f.by === b[i]!.by && (f.by === 'rules' || f === b[i]));

/**
 * A form's problems: `found` (its rules' findings on submit) and `refused` (the server's, about
 * the values as they were sent) flag fields; `problems` is what holds now. `check` is the form's
 * rules on its current values; `valueAt` a field's current value.
 */
export function useFieldProblems<F extends string>(check: () => Problem<F>[], valueAt: (field: F) => unknown) {
  const [flags, setFlags] = useState<Flag<F>[]>([]);
  const live = flags.length > 0 ? liveProblems(flags, check(), valueAt) : { problems: [], flags };
  // A fixed field's flag goes, so that making it wrong again waits for the next submit.
  if (!sameFlags(live.flags, flags)) setFlags(live.flags);
  return {
    problems: live.problems,
    found: (rules: readonly Problem<F>[]) => setFlags([...new Set(rules.map((p) => p.field))].map((field) => ({ field, by: 'rules' }))),
    refused: (server: readonly Problem<F>[]) =>
      setFlags(server.map((p) => ({ field: p.field, by: 'server', message: p.message, value: valueAt(p.field) }))),
    clear: () => setFlags([]),
  };
}
