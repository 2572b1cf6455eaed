/** Previous / next paging with the current position, as a labelled navigation landmark. */
import type { ReactNode } from 'react';
import { useT } from '../i18n';
import './Pagination.css';

export function Pagination({
  page,
  totalPages,
  onPage,
  label,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** Default: "Pages". */
  label?: string;
}) {
  const t = useT();
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={label ?? t('components.pagination.label')}>
      <button type="button" className="button button--outlined" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </button>
      <span className="pagination__position" aria-current="page">
        {t('components.pagination.position', { page, total: totalPages })}
      </span>
      <button
        type="button"
        className="button button--outlined"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        {t('common.next')}
      </button>
    </nav>
  );
}

/**
 * One page of a list (`children`: its items), labelled `label` and busy while another loads, with
 * the paging under it (`pagesLabel`).
 */
export function PagedList({
  className,
  label,
  busy,
  pagination,
  onPage,
  pagesLabel,
  children,
}: {
  className: string;
  label: string;
  busy: boolean;
  pagination: { page: number; total_pages: number };
  onPage: (page: number) => void;
  pagesLabel: string;
  children: ReactNode;
}) {
  return (
    <>
      <ul className={className} aria-busy={busy} aria-label={label}>
        {children}
      </ul>
      <Pagination page={pagination.page} totalPages={pagination.total_pages} onPage={onPage} label={pagesLabel} />
    </>
  );
}
