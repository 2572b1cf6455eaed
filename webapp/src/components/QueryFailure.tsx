/**
 * A failed query's state. When this server has no such API route yet (it answers 404 "No such
 * API route"), say plainly that the feature is not available here, instead of an error.
 */
import type { ReactNode } from 'react';
import { isApiError } from '../api/errors';
import { EmptyState, ErrorState } from './states';
import type { IconName } from './Icon';

export function isRouteMissing(error: unknown): boolean {
  return isApiError(error) && error.status === 404 && /no such api route/i.test(error.message);
}

export function QueryFailure({
  error,
  onRetry,
  title,
  unavailableTitle,
  unavailableText,
  icon,
}: {
  error: unknown;
  onRetry?: () => void;
  title: string;
  unavailableTitle: string;
  unavailableText: ReactNode;
  icon?: IconName;
}) {
  if (isRouteMissing(error)) {
    return (
      <EmptyState icon={icon ?? 'info'} title={unavailableTitle}>
        {unavailableText}
      </EmptyState>
    );
  }
  return <ErrorState title={title} error={error} onRetry={onRetry} />;
}
