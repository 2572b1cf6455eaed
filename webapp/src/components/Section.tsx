import type { ReactNode } from 'react';

/** A part of a screen under its `<h2>` title (id `titleId`), which names the section for assistive technology. */
export function Section({ titleId, title, children }: { titleId: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className="section" aria-labelledby={titleId}>
      <h2 id={titleId} className="section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
