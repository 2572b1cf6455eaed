/** Pieces the admin tabs share: a query's loading and failure states. */
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
