/** Loading, empty and error states every screen uses, so they look and read the same. */
import type { ReactNode } from 'react';
import { errorMessage } from '../api/errors';
import { useT } from '../i18n';
import { Icon, type IconName } from './Icon';
import './states.css';

export function Skeleton({ lines = 3, className }: { lines?: number; className?: string }) {
  return (
    <div className={`skeleton${className ? ` ${className}` : ''}`} aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="skeleton__line" style={{ width: `${90 - ((i * 17) % 40)}%` }} />
      ))}
    </div>
  );
}

/** A polite "Loading…" (or `label`) for assistive technology plus a visual skeleton. */
export function Loading({ label, children }: { label?: string; children?: ReactNode }) {
  const t = useT();
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
      {children ?? <Skeleton />}
    </div>
  );
}

/** A whole screen that is loading: `Loading` in its frame (`className`, a page by default). */
export function LoadingScreen({ label, className = 'page' }: { label?: string; className?: string }) {
  return (
    <div className={className}>
      <Loading label={label} />
    </div>
  );
}

export function CardSkeletonGrid({ count = 6, label }: { count?: number; label?: string }) {
  return (
    <Loading label={label}>
      <ul className="card-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="card card--skeleton">
            <span className="skeleton__block" />
            <Skeleton lines={2} />
          </li>
        ))}
      </ul>
    </Loading>
  );
}

export function EmptyState({
  icon = 'info',
  title,
  children,
  action,
}: {
  icon?: IconName;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="state state--empty">
      <Icon name={icon} size={40} />
      <h2 className="state__title">{title}</h2>
      {children && <div className="state__text">{children}</div>}
      {action && <div className="state__action">{action}</div>}
    </section>
  );
}

export function ErrorState({
  title,
  error,
  message,
  onRetry,
  children,
}: {
  /** Default: "Something went wrong". */
  title?: string;
  error?: unknown;
  message?: string;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <section className="state state--error" role="alert">
      <Icon name="error" size={40} />
      <h2 className="state__title">{title ?? t('components.states.error')}</h2>
      <p className="state__text">{message ?? errorMessage(error)}</p>
      {children}
      {onRetry && (
        <div className="state__action">
          <button type="button" className="button button--filled" onClick={onRetry}>
            <Icon name="refresh" size={18} /> {t('common.retry')}
          </button>
        </div>
      )}
    </section>
  );
}

/**
 * `query` as `QueryState` takes it when its answer is `data` (its `data` or `currentData`): loading
 * until there is one, while a new argument's first answer is fetched as on the very first load.
 */
export function loadingUntil<Q extends { isLoading: boolean; isFetching: boolean }>(query: Q, data: unknown): Q {
  return { ...query, isLoading: query.isLoading || (!data && query.isFetching) };
}

/**
 * A query's answer (`children`) once it has one; until then its loading skeleton (`lines` long),
 * or its failure with a retry. `failed` says when the failure shows: by default, when the query
 * has an error.
 */
export function QueryState({
  query,
  loadingLabel,
  failedTitle,
  lines = 5,
  failed = Boolean(query.error),
  children,
}: {
  query: { error?: unknown; isLoading: boolean; refetch: () => unknown };
  loadingLabel: string;
  failedTitle: string;
  lines?: number;
  failed?: boolean;
  children: ReactNode;
}) {
  if (query.isLoading) {
    return (
      <Loading label={loadingLabel}>
        <Skeleton lines={lines} />
      </Loading>
    );
  }
  if (failed) {
    return <ErrorState title={failedTitle} error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <>{children}</>;
}

/**
 * A problem with a field or a form, under it (`field__error`), announced as it appears unless
 * `alert` is false; `id` lets a control point at it (`aria-describedby`). Nothing while there is none.
 */
export function ErrorNote({ id, alert = true, children }: { id?: string; alert?: boolean; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="field__error" role={alert ? 'alert' : undefined}>
      {children}
    </p>
  );
}

/** A part of a panel that could not load, said in one line (`failed`, then the reason) with a small Retry. */
export function InlineFailure({ failed, error, onRetry }: { failed: string; error: unknown; onRetry: () => void }) {
  const t = useT();
  return (
    <p role="alert">
      {t('components.states.inlineFailure', { failed, reason: errorMessage(error) })}{' '}
      <button type="button" className="button button--text button--small" onClick={onRetry}>
        {t('components.states.retry')}
      </button>
    </p>
  );
}

export function Spinner({ label }: { label?: string }) {
  return (
    <span className="spinner" role={label ? 'status' : undefined} aria-label={label} aria-hidden={label ? undefined : true} />
  );
}

/** How many a list holds (`children`), announced as it changes, with a spinner while it is loaded again. */
export function ListCount({ refreshing, children }: { refreshing: boolean; children: ReactNode }) {
  const t = useT();
  return (
    <p className="muted small" aria-live="polite">
      {children}
      {refreshing && (
        <>
          {' '}
          <Spinner label={t('components.states.refreshing')} />
        </>
      )}
    </p>
  );
}
