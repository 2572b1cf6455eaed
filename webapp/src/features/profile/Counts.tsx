/** Counts as a description list (term, value, and an optional link under the value). */
import type { ReactNode } from 'react';

export interface Count {
  term: string;
  value: number;
  /** Under the value, e.g. a link to the things counted. */
  extra?: ReactNode;
}

export function Counts({ counts }: { counts: Count[] }) {
  return (
    <dl className="stat-grid">
      {counts.map((c) => (
        <div key={c.term} className="stat">
          <dt>{c.term}</dt>
          <dd>{c.value.toLocaleString()}</dd>
          {c.extra && <dd className="stat__extra">{c.extra}</dd>}
        </div>
      ))}
    </dl>
  );
}
