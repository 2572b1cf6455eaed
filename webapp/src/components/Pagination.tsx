/** Previous / next paging with the current position, as a labelled navigation landmark. */
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
