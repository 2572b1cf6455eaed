/**
 * /profile's "Submissions": what this person (or this device, anonymously) sent, with each
 * one's review status, newest first; pending ones can be withdrawn, and the location and camera
 * their photos' EXIF named can be erased at any time.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/errors';
import type { SubmissionDto } from '../../api/types';
import {
  hasPersonalExif,
  useErasePhotoMetadataMutation,
  useGetMySubmissionsQuery,
  useWithdrawSubmissionMutation,
} from '../../api/submissionsApi';
import { useAppDispatch } from '../../app/hooks';
import { ConfirmDialog } from '../../components/Dialog';
import { Icon } from '../../components/Icon';
import { Pagination } from '../../components/Pagination';
import { PhotoImage } from '../../components/PhotoImage';
import { Section } from '../../components/Section';
import { EmptyState, QueryState } from '../../components/states';
import { to } from '../../config/routes';
import { formatDate, pageCount } from '../../lib/format';
import { statusText, submissionTitle } from '../../lib/submissionText';
import { artworkTypeLabel } from '../../lib/map/artworkTypes';
import { toastShown } from '../../lib/ui';
import { usePageParam } from '../../lib/urlParams';

export function MySubmissions() {
  const dispatch = useAppDispatch();
  const [page, goToPage] = usePageParam();
  // Always asked again on arrival: X-Min-Position makes it include what was just sent.
  const { data, error, isLoading, refetch } = useGetMySubmissionsQuery({ page }, { refetchOnMountOrArgChange: true });
  const [withdraw] = useWithdrawSubmissionMutation();
  const [confirming, setConfirming] = useState<SubmissionDto | null>(null);
  const [erase] = useErasePhotoMetadataMutation();
  const [erasing, setErasing] = useState<SubmissionDto | null>(null);

  /** Carries out `request`, then toasts `done`, or why it failed (`failed` when the server says nothing). */
  const toastOutcome = async (request: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await request();
      dispatch(toastShown({ type: 'success', message: done }));
    } catch (e) {
      dispatch(toastShown({ type: 'error', message: errorMessage(e, failed) }));
    }
  };

  const onErase = async (s: SubmissionDto) => {
    setErasing(null);
    await toastOutcome(() => erase(s.id).unwrap(), 'Photo location and camera details removed', 'Could not remove the photo details');
  };

  const onWithdraw = async (s: SubmissionDto) => {
    setConfirming(null);
    await toastOutcome(() => withdraw(s.id).unwrap(), 'Submission withdrawn', 'Could not withdraw the submission');
  };

  const totalPages = data ? pageCount(data.total, data.limit) : 1;

  return (
    <Section titleId="my-submissions-title" title="Submissions">
      <QueryState query={{ isLoading, error, refetch }} loadingLabel="Loading submissions…" lines={4} failedTitle="Could not load your submissions">
        {!data || data.submissions.length === 0 ? (
          <EmptyState
            icon="camera"
            title="No submissions yet"
            action={
              <Link className="button button--filled" to={to.add()}>
                Add an artwork
              </Link>
            }
          >
            <p>Artworks and visits you send appear here with their review status.</p>
          </EmptyState>
        ) : (
          <>
            <ul className="row-list" aria-label="Your submissions">
              {data.submissions.map((s) => (
                <SubmissionRow key={s.id} submission={s} onWithdraw={() => setConfirming(s)} onErase={() => setErasing(s)} />
              ))}
            </ul>
            <Pagination page={page} totalPages={totalPages} label="Submission pages" onPage={goToPage} />
          </>
        )}
      </QueryState>
      <ConfirmDialog
        open={confirming !== null}
        title="Withdraw this submission?"
        message={`“${confirming ? submissionTitle(confirming) : ''}” will not be reviewed. This can’t be undone.`}
        confirmLabel="Withdraw"
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) void onWithdraw(confirming);
        }}
      />
      <ConfirmDialog
        open={erasing !== null}
        title="Remove photo location and camera details?"
        message={`The GPS position, time and camera recorded in the photos of “${erasing ? submissionTitle(erasing) : ''}” will be forgotten. The photos and the artwork’s location stay. This can’t be undone.`}
        confirmLabel="Remove"
        onCancel={() => setErasing(null)}
        onConfirm={() => {
          if (erasing) void onErase(erasing);
        }}
      />
    </Section>
  );
}

function SubmissionRow({ submission: s, onWithdraw, onErase }: { submission: SubmissionDto; onWithdraw: () => void; onErase: () => void }) {
  const title = submissionTitle(s);
  const first = s.photos[0];
  const kind = s.submission_type === 'logbook' ? 'Visit' : `New artwork${s.artwork_type ? ` (${artworkTypeLabel(s.artwork_type)})` : ''}`;
  return (
    <li className="row-list__item submission-row" data-testid="my-submission" data-submission-id={s.id}>
      <div className="row-list__link">
        {first ? (
          <PhotoImage photo={first} size="thumbnail" alt="" className="submission-row__thumb" />
        ) : (
          <span className="submission-row__thumb photo-placeholder" aria-hidden="true">
            <Icon name="camera" size={20} />
          </span>
        )}
        <span className="row-list__text">
          <span className="row-list__title">{title}</span>
          <span className="row-list__meta">{[kind, formatDate(s.created_at)].filter(Boolean).join(' · ')}</span>
          <span className="submission-row__status">
            <span className={`chip chip--status chip--${s.status}`} data-testid="submission-status">
              {statusText(s)}
            </span>
            {s.status === 'approved' && s.artwork_id && (
              <Link to={to.artwork(s.artwork_id)} className="small">
                View the artwork{s.artwork_title ? `: ${s.artwork_title}` : ''}
              </Link>
            )}
          </span>
          {s.status === 'rejected' && s.reason && <span className="small submission-row__reason">Reason: {s.reason}</span>}
        </span>
        {(s.status === 'pending' || hasPersonalExif(s)) && (
          <span className="submission-row__actions">
            {s.status === 'pending' && (
              <button type="button" className="button button--text button--small" onClick={onWithdraw} aria-label={`Withdraw ${title}`}>
                Withdraw
              </button>
            )}
            {hasPersonalExif(s) && (
              <button
                type="button"
                className="button button--text button--small"
                onClick={onErase}
                aria-label={`Remove photo details of ${title}: their location and camera`}
              >
                Remove photo details
              </button>
            )}
          </span>
        )}
      </div>
    </li>
  );
}
