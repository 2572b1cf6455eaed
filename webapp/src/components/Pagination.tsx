/** Previous / next paging with the current position, as a labelled navigation landmark. */
import type { ReactNode } from 'react';
import './Pagination.css';

export function Pagination({
  page,
  totalPages,
  onPage,
  label = 'Pages',
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  label?: string;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" className="button button--outlined" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className="pagination__position" aria-current="page">
        Page {page} of {totalPages}
      </span>
      <button
        type="button"
        className="button button--outlined"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        Next
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
