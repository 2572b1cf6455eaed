/** Counts as a description list (term, value, and an optional link under the value). */
import type { ReactNode } from 'react';
import type { ApprovedCounts } from '../../api/types';
import { useLocale, type MessageKey, type Translator } from '../../i18n';
import { formatNumber } from '../../lib/format';

export interface Count {
  term: string;
  value: number;
  /** Under the value, e.g. a link to the things counted. */
  extra?: ReactNode;
}

export function Counts({ counts }: { counts: Count[] }) {
  // Numbers are grouped as the language in effect groups them.
  useLocale();
  return (
    <dl className="stat-grid">
      {counts.map((c) => (
        <div key={c.term} className="stat">
          <dt>{c.term}</dt>
          <dd>{formatNumber(c.value)}</dd>
          {c.extra && <dd className="stat__extra">{c.extra}</dd>}
        </div>
      ))}
    </dl>
  );
}

/** The approved work a profile counts (its own and a public one), each count with its term. */
export const APPROVED_TERMS = [
  ['artworks', 'profile.stats.artworksAdded'],
  ['photos', 'profile.stats.photos'],
  ['visits', 'profile.stats.visitsLogged'],
  ['edits', 'profile.stats.edits'],
] as const satisfies ReadonlyArray<readonly [keyof ApprovedCounts, MessageKey]>;

/** Each of `terms` (the key of a count in `values`, and its term) as a row of `Counts`, in order. */
export function countRows<K extends string>(t: Translator, values: Readonly<Record<K, number>>, terms: ReadonlyArray<readonly [K, MessageKey]>): Count[] {
  return terms.map(([key, term]) => ({ term: t(term), value: values[key] }));
}
