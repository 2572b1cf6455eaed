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
import { t as translate, useT, type MessageKey } from '../../i18n';
import { formatDate, pageCount } from '../../lib/format';
import { statusText, submissionTitle } from '../../lib/submissionText';
import { artworkTypeLabel } from '../../lib/map/artworkTypes';
import { toastShown } from '../../lib/ui';
import { usePageParam } from '../../lib/urlParams';

export function MySubmissions() {
  const t = useT();
  const dispatch = useAppDispatch();
  const [page, goToPage] = usePageParam();
  // Always asked again on arrival: X-Min-Position makes it include what was just sent.
  const { data, error, isLoading, refetch } = useGetMySubmissionsQuery({ page }, { refetchOnMountOrArgChange: true });
  const [withdraw] = useWithdrawSubmissionMutation();
  const [confirming, setConfirming] = useState<SubmissionDto | null>(null);
  const [erase] = useErasePhotoMetadataMutation();
  const [erasing, setErasing] = useState<SubmissionDto | null>(null);

  /** Carries out `request`, then toasts `done`, or why it failed (`failed` when the server says nothing). */
  const toastOutcome = async (request: () => Promise<unknown>, done: MessageKey, failed: MessageKey) => {
    try {
      await request();
      dispatch(toastShown({ type: 'success', message: translate(done) }));
    } catch (e) {
      dispatch(toastShown({ type: 'error', message: errorMessage(e, translate(failed)) }));
    }
  };

  const onErase = async (s: SubmissionDto) => {
    setErasing(null);
    await toastOutcome(() => erase(s.id).unwrap(), 'profile.submissions.erased', 'profile.submissions.eraseFailed');
  };

  const onWithdraw = async (s: SubmissionDto) => {
    setConfirming(null);
    await toastOutcome(() => withdraw(s.id).unwrap(), 'profile.submissions.withdrawn', 'profile.submissions.withdrawFailed');
  };

  const totalPages = data ? pageCount(data.total, data.limit) : 1;

  return (
    <Section titleId="my-submissions-title" title={t('profile.submissions.title')}>
      <QueryState
        query={{ isLoading, error, refetch }}
        loadingLabel={t('profile.submissions.loading')}
        lines={4}
        failedTitle={t('profile.submissions.loadFailed')}
      >
        {!data || data.submissions.length === 0 ? (
          <EmptyState
            icon="camera"
            title={t('profile.submissions.emptyTitle')}
            action={
              <Link className="button button--filled" to={to.add()}>
                {t('profile.submissions.addArtwork')}
              </Link>
            }
          >
            <p>{t('profile.submissions.emptyBody')}</p>
          </EmptyState>
        ) : (
          <>
            <ul className="row-list" aria-label={t('profile.submissions.list')}>
              {data.submissions.map((s) => (
                <SubmissionRow key={s.id} submission={s} onWithdraw={() => setConfirming(s)} onErase={() => setErasing(s)} />
              ))}
            </ul>
            <Pagination page={page} totalPages={totalPages} label={t('profile.submissions.pages')} onPage={goToPage} />
          </>
        )}
      </QueryState>
      <ConfirmDialog
        open={confirming !== null}
        title={t('profile.submissions.withdrawTitle')}
        message={t('profile.submissions.withdrawMessage', { title: confirming ? submissionTitle(confirming) : '' })}
        confirmLabel={t('profile.submissions.withdraw')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) void onWithdraw(confirming);
        }}
      />
      <ConfirmDialog
        open={erasing !== null}
        title={t('profile.submissions.eraseTitle')}
        message={t('profile.submissions.eraseMessage', { title: erasing ? submissionTitle(erasing) : '' })}
        confirmLabel={t('profile.submissions.erase')}
        onCancel={() => setErasing(null)}
        onConfirm={() => {
          if (erasing) void onErase(erasing);
        }}
      />
    </Section>
  );
}

function SubmissionRow({ submission: s, onWithdraw, onErase }: { submission: SubmissionDto; onWithdraw: () => void; onErase: () => void }) {
  const t = useT();
  const title = submissionTitle(s);
  const first = s.photos[0];
  const kind =
    s.submission_type === 'logbook'
      ? t('profile.submissions.kindVisit')
      : s.artwork_type
        ? t('profile.submissions.kindNewArtworkOfType', { type: artworkTypeLabel(s.artwork_type) })
        : t('profile.submissions.kindNewArtwork');
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
                {s.artwork_title ? t('profile.submissions.viewArtworkTitled', { title: s.artwork_title }) : t('profile.submissions.viewArtwork')}
              </Link>
            )}
          </span>
          {s.status === 'rejected' && s.reason && <span className="small submission-row__reason">{t('profile.reason', { reason: s.reason })}</span>}
        </span>
        {(s.status === 'pending' || hasPersonalExif(s)) && (
          <span className="submission-row__actions">
            {s.status === 'pending' && <RowAction label={t('profile.submissions.withdraw')} named={t('profile.submissions.withdrawNamed', { title })} onClick={onWithdraw} />}
            {hasPersonalExif(s) && <RowAction label={t('profile.submissions.eraseButton')} named={t('profile.submissions.eraseNamed', { title })} onClick={onErase} />}
          </span>
        )}
      </div>
    </li>
  );
}

/** A small action on a row, whose accessible name says which row (`named`). */
function RowAction({ label, named, onClick }: { label: string; named: string; onClick: () => void }) {
  return (
    <button type="button" className="button button--text button--small" onClick={onClick} aria-label={named}>
      {label}
    </button>
  );
}
