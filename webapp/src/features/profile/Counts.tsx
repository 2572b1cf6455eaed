/** Counts as a description list (term, value, and an optional link under the value). */
import type { ReactNode } from 'react';
import { useLocale } from '../../i18n';
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
