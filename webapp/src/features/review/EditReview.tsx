/**
 * The review's "Artwork edits" tab: proposed changes to artworks waiting for a moderator, oldest
 * first, a page at a time (which artwork, who proposed it, which fields, whether some changed
 * since), and one of them in detail beside the list.
 */
import { useRef } from 'react';
import { Link } from 'react-router';
import type { EditSummary } from '../../api/types';
import { Pagination } from '../../components/Pagination';
import { EmptyState, Spinner } from '../../components/states';
import { to } from '../../config/routes';
import { fieldList } from '../../lib/fieldText';
import { formatDate, plural } from '../../lib/format';
import { EditReviewPanel } from './EditReviewDetail';
import { useGetEditReviewsQuery } from './reviewApi';
import { ListState } from './ReviewParts';

export function EditReview({
  page,
  openId,
  onPage,
  onOpen,
}: {
  page: number;
  /** The edit shown in detail. */
  openId: string | null;
  onPage: (page: number) => void;
  /** Shows an edit in detail, or (null) none. */
  onOpen: (id: string | null) => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <div className={`review-layout${openId ? ' review-layout--open' : ''}`}>
      <section className="review-layout__queue" aria-labelledby="edit-review-title">
        <h2 id="edit-review-title" ref={heading} tabIndex={-1} className="section__title">
          Artwork edits
        </h2>
        <EditList key={page} page={page} openId={openId} onOpen={onOpen} onPage={onPage} />
      </section>
      {openId && (
        <EditReviewPanel
          key={openId}
          id={openId}
          onClose={(decided) => {
            onOpen(null);
            if (decided) heading.current?.focus();
          }}
        />
      )}
    </div>
  );
}

function EditList({
  page,
  openId,
  onOpen,
  onPage,
}: {
  page: number;
  openId: string | null;
  onOpen: (id: string) => void;
  onPage: (page: number) => void;
}) {
  const { data, error, isLoading, isFetching, refetch } = useGetEditReviewsQuery({ page });
  if (isLoading || error) {
    return (
      <ListState
        query={{ isLoading, error, refetch }}
        loadingLabel="Loading the proposed edits…"
        failedTitle="Could not load the proposed edits"
        unavailableTitle="Reviewing edits isn’t available on this server yet"
        unavailableText="Proposed changes to artworks will wait here once the server accepts them."
      />
    );
  }
  if (!data || data.edits.length === 0) {
    return (
      <EmptyState icon="moderate" title="No edits waiting">
        <p>Nobody has proposed changes to an artwork. Thank you!</p>
      </EmptyState>
    );
  }
  const totalPages = Math.max(1, Math.ceil(data.total / Math.max(1, data.per_page)));
  return (
    <>
      <p className="muted small" aria-live="polite">
        {plural(data.total, 'edit')} waiting
        {isFetching && (
          <>
            {' '}
            <Spinner label="Refreshing" />
          </>
        )}
      </p>
      <ol className="review-list" aria-label="Proposed edits">
        {data.edits.map((e) => (
          <EditRow key={e.id} edit={e} open={openId === e.id} onOpen={() => onOpen(e.id)} />
        ))}
      </ol>
      <Pagination page={page} totalPages={totalPages} onPage={onPage} label="Edit pages" />
    </>
  );
}

function EditRow({ edit: e, open, onOpen }: { edit: EditSummary; open: boolean; onOpen: () => void }) {
  const title = e.artwork_title || 'Untitled';
  return (
    <li className={`review-item${open ? ' review-item--open' : ''}`} data-testid="edit-item">
      <div className="review-item__body">
        <p className="edit-item__title">
          <Link to={to.artwork(e.artwork_id)}>{title}</Link>
          {e.stale && (
            <span className="chip chip--warning">
              Stale<span className="visually-hidden">: some fields changed since it was proposed</span>
            </span>
          )}
        </p>
        <p className="row-list__meta">
          {e.submitter.display_name} · <time dateTime={e.created_at}>{formatDate(e.created_at)}</time>
        </p>
        <p className="review-item__notes">Changes the {fieldList(e.fields)}</p>
      </div>
      <button type="button" className="button button--tonal button--small" onClick={onOpen} aria-expanded={open} aria-label={`Review the edit to ${title}`}>
        Review
      </button>
    </li>
  );
}
