/** Pieces the admin tabs share: the tab's titled section. */
import type { ReactNode } from 'react';

/**
 * A tab's section, titled by its `<h2>` (`{slug}-title`); `controls` (a button, a select) stand
 * on the title's line, at its end.
 */
export function TabSection({
  slug,
  title,
  className,
  controls,
  children,
}: {
  slug: string;
  title: string;
  className?: string;
  controls?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={`${slug}-title`} className="section__title">
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={`${slug}-title`} className={className}>
      {controls ? (
        <div className="statistics-head">
          {heading}
          {controls}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
