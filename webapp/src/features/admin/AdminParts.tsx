/** Pieces the admin tabs share: a query's loading and failure states. */
import type { ReactNode } from 'react';
import { QueryFailure } from '../../components/QueryFailure';
import { Loading, Skeleton } from '../../components/states';

/**
 * While a tab's query has no answer: loading, or its failure with a retry (or, when this server
 * has no such route yet, saying so). Its answer's content (`children`) otherwise.
 */
export function QueryState({
  query,
  loadingLabel,
  failedTitle,
  unavailableTitle,
  children,
}: {
  query: { error?: unknown; isLoading: boolean; refetch: () => unknown };
  loadingLabel: string;
  failedTitle: string;
  unavailableTitle: string;
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
    return (
      <QueryFailure
        error={query.error}
        onRetry={() => void query.refetch()}
        title={failedTitle}
        unavailableTitle={unavailableTitle}
        unavailableText={<p>It will be managed here once the server offers it.</p>}
      />
    );
  }
  return <>{children}</>;
}
