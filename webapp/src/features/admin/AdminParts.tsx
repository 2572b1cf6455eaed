/** Pieces the admin tabs share: the tab's titled section, a query's loading and failure states. */
import type { ReactNode } from 'react';
import { ErrorState, Loading, Skeleton } from '../../components/states';

/**
 * While a tab's query has no answer: loading, or its failure with a retry. Its answer's content
 * (`children`) otherwise.
 */
export function QueryState({
  query,
  loadingLabel,
  failedTitle,
  children,
}: {
  query: { error?: unknown; isLoading: boolean; refetch: () => unknown };
  loadingLabel: string;
  failedTitle: string;
  children: ReactNode;
}) {
  if (query.isLoading) {
    return (
      <Loading label={loadingLabel}>
        <Skeleton lines={5} />
      </Loading>
    );
  }
  if (query.error) {
    return <ErrorState title={failedTitle} error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <>{children}</>;
}

/** A tab's section, titled by its `<h2>` (`{slug}-title`). */
export function TabSection({ slug, title, className, children }: { slug: string; title: string; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${slug}-title`} className={className}>
      <h2 id={`${slug}-title`} className="section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
