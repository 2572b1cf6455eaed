/** /review (moderators): the queue of submissions waiting for a decision. */
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/errors';
import { useAppDispatch } from '../../app/hooks';
import { PromptDialog } from '../../components/Dialog';
import { PageHeader } from '../../components/PageTitle';
import { QueryFailure } from '../../components/QueryFailure';
import { EmptyState, Loading, Skeleton } from '../../components/states';
import { to } from '../../config/routes';
import { formatDate } from '../../lib/format';
import { toastShown } from '../../lib/ui';
import { useApproveSubmissionMutation, useGetReviewQueueQuery, useRejectSubmissionMutation } from './reviewApi';

const TYPES = [
  { value: '', label: 'All types' },
  { value: 'new_artwork', label: 'New artworks' },
  { value: 'logbook', label: 'Visits' },
  { value: 'artwork_edit', label: 'Artwork edits' },
  { value: 'artist_edit', label: 'Artist edits' },
];

export function ReviewPage() {
  const dispatch = useAppDispatch();
  const [type, setType] = useState('');
  const { data, error, isLoading, refetch } = useGetReviewQueueQuery({ type: type || undefined });
  const [approve] = useApproveSubmissionMutation();
  const [reject] = useRejectSubmissionMutation();

  const [rejecting, setRejecting] = useState<string | null>(null);

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      dispatch(toastShown({ type: 'success', message: done }));
    } catch (e) {
      dispatch(toastShown({ type: 'error', message: errorMessage(e) }));
    }
  };

  return (
    <div className="page">
      <PageHeader
        title="Review"
        subtitle="Submissions waiting for a moderator"
        actions={
          <Link className="button button--outlined" to={to.moderationFeedback()}>
            Feedback inbox
          </Link>
        }
      />
      <div className="toolbar">
        <label className="field">
          <span className="field__label">Type</span>
          <select value={type} onChange={(e) => setType(e.target.value)}>
            {TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {isLoading ? (
        <Loading label="Loading the queue…">
          <Skeleton lines={6} />
        </Loading>
      ) : error ? (
        <QueryFailure
          error={error}
          onRetry={() => void refetch()}
          title="Could not load the review queue"
          icon="moderate"
          unavailableTitle="Reviewing isn’t available on this server yet"
          unavailableText={<p>Submissions will queue here for approval once the server accepts them.</p>}
        />
      ) : !data || data.items.length === 0 ? (
        <EmptyState icon="moderate" title="The queue is empty">
          <p>Nothing is waiting for review. Thank you!</p>
        </EmptyState>
      ) : (
        <ul className="row-list" aria-label="Review queue">
          {data.items.map((s) => (
            <li key={s.id} className="row-list__item">
              <div className="row-list__link">
                <span className="row-list__text">
                  <span className="row-list__title">{s.title ?? s.submission_type ?? s.type ?? 'Submission'}</span>
                  <span className="row-list__meta">
                    {[s.submission_type ?? s.type, formatDate(s.created_at), s.notes].filter(Boolean).join(' · ')}
                  </span>
                </span>
                <span className="button-row">
                  <button type="button" className="button button--filled button--small" onClick={() => void run(() => approve(s.id).unwrap(), 'Approved')}>
                    Approve
                  </button>
                  <button type="button" className="button button--outlined button--small" onClick={() => setRejecting(s.id)}>
                    Reject
                  </button>
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      <PromptDialog
        open={rejecting !== null}
        title="Reject submission"
        label="Reason"
        required
        maxLength={500}
        multiline
        confirmLabel="Reject"
        onCancel={() => setRejecting(null)}
        onSubmit={(reason) => {
          const id = rejecting;
          setRejecting(null);
          if (id) void run(() => reject({ id, reason }).unwrap(), 'Rejected');
        }}
      />
    </div>
  );
}
