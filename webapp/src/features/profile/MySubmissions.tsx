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
import { EmptyState } from '../../components/states';
import { to } from '../../config/routes';
import { t as translate, useT, type MessageKey } from '../../i18n';
import { formatDate, pageCount } from '../../lib/format';
import { statusText, submissionTitle } from '../../lib/submissionText';
import { artworkTypeLabel } from '../../lib/map/artworkTypes';
import { toastShown } from '../../lib/ui';
import { usePageParam } from '../../lib/urlParams';
import { ProfileSection } from './ProfileSection';

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
    <ProfileSection
      of="submissions"
      query={{ isLoading, error, refetch }}
      lines={4}
      after={
        <>
          <ConfirmOnSubmission action="withdraw" submission={confirming} onCancel={() => setConfirming(null)} onConfirm={(s) => void onWithdraw(s)} />
          <ConfirmOnSubmission action="erase" submission={erasing} onCancel={() => setErasing(null)} onConfirm={(s) => void onErase(s)} />
        </>
      }
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
    </ProfileSection>
  );
}

/** What each confirmation on a submission says: its title, its question and its button. */
const CONFIRM_WORDS = {
  withdraw: ['profile.submissions.withdrawTitle', 'profile.submissions.withdrawMessage', 'profile.submissions.withdraw'],
  erase: ['profile.submissions.eraseTitle', 'profile.submissions.eraseMessage', 'profile.submissions.erase'],
} as const satisfies Record<string, readonly [MessageKey, MessageKey, MessageKey]>;

/** The confirmation of `action` on `submission`, open while there is one. */
function ConfirmOnSubmission({
  action,
  submission,
  onCancel,
  onConfirm,
}: {
  action: keyof typeof CONFIRM_WORDS;
  submission: SubmissionDto | null;
  onCancel: () => void;
  onConfirm: (submission: SubmissionDto) => void;
}) {
  const t = useT();
  const [title, message, confirm] = CONFIRM_WORDS[action];
  return (
    <ConfirmDialog
      open={submission !== null}
      title={t(title)}
      message={t(message, { title: submission ? submissionTitle(submission) : '' })}
      confirmLabel={t(confirm)}
      onCancel={onCancel}
      onConfirm={() => {
        if (submission) onConfirm(submission);
      }}
    />
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
