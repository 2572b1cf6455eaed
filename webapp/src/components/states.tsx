/** Loading, empty and error states every screen uses, so they look and read the same. */
import type { ReactNode } from 'react';
import { errorMessage } from '../api/errors';
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

/** A polite "Loading…" for assistive technology plus a visual skeleton. */
export function Loading({ label = 'Loading…', children }: { label?: string; children?: ReactNode }) {
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      {children ?? <Skeleton />}
    </div>
  );
}

export function CardSkeletonGrid({ count = 6, label = 'Loading…' }: { count?: number; label?: string }) {
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
  title = 'Something went wrong',
  error,
  message,
  onRetry,
  children,
}: {
  title?: string;
  error?: unknown;
  message?: string;
  onRetry?: () => void;
  children?: ReactNode;
}) {
  return (
    <section className="state state--error" role="alert">
      <Icon name="error" size={40} />
      <h2 className="state__title">{title}</h2>
      <p className="state__text">{message ?? errorMessage(error)}</p>
      {children}
      {onRetry && (
        <div className="state__action">
          <button type="button" className="button button--filled" onClick={onRetry}>
            <Icon name="refresh" size={18} /> Try again
          </button>
        </div>
      )}
    </section>
  );
}

export function Spinner({ label }: { label?: string }) {
  return (
    <span className="spinner" role={label ? 'status' : undefined} aria-label={label} aria-hidden={label ? undefined : true} />
  );
}
