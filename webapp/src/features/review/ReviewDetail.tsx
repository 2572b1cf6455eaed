/**
 * One submission under review: its photos with their EXIF, where it was taken among the
 * artworks nearby, and the decisions (approve as a new artwork, link to a nearby one, approve a
 * visit, reject with a reason).
 */
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { ApproveRequest, NearbyCandidate, Overrides, PhotoDto, SubmissionDto } from '../../api/types';
import { LabelledField } from '../../components/LabelledField';
import { MiniMap } from '../../components/MiniMap';
import { CandidateCard } from '../../components/SubmissionParts';
import { PhotoImage } from '../../components/PhotoImage';
import { ValueOptions } from '../../components/Select';
import { ErrorNote, Spinner } from '../../components/states';
import { TypeChip } from '../../components/TypeChip';
import { SUBMISSION } from '../../config/constants';
import { to } from '../../config/routes';
import { cameraName, formatExifDateTime } from '../../lib/exifText';
import { useT } from '../../i18n';
import { formatDate } from '../../lib/format';
import { formatCoordinate } from '../../lib/geo';
import { ARTWORK_TYPES, artworkTypeLabel, isArtworkType } from '../../lib/map/artworkTypes';
import { statusText, submissionKind, submissionTitle } from '../../lib/submissionText';
import { useApproveSubmissionMutation, useGetReviewSubmissionQuery, useRejectSubmissionMutation } from './reviewApi';
import { DecisionBar, ReviewPanel } from './ReviewParts';
import { useDecide } from './useDecide';

export function ReviewDetailPanel({ id, onClose }: { id: string; onClose: (decided: boolean) => void }) {
  const t = useT();
  const query = useGetReviewSubmissionQuery(id);
  const { data } = query;
  return (
    <ReviewPanel
      title={data ? submissionTitle(data.submission) : t('review.detail.fallbackTitle')}
      closeLabel={t('review.detail.close')}
      loadingLabel={t('review.detail.loading')}
      failedTitle={t('review.detail.failed')}
      testId="review-detail"
      query={query}
      onClose={() => onClose(false)}
    >
      {data && <Detail item={data.submission} nearby={data.nearby} onDecided={() => onClose(true)} />}
    </ReviewPanel>
  );
}

function Detail({ item, nearby, onDecided }: { item: SubmissionDto; nearby: NearbyCandidate[]; onDecided: () => void }) {
  const t = useT();
  const [approve, { isLoading: approving }] = useApproveSubmissionMutation();
  const [reject, { isLoading: rejecting }] = useRejectSubmissionMutation();
  const busy = approving || rejecting;
  const pending = item.status === 'pending';
  const visit = item.submission_type === 'logbook';
  const title = submissionTitle(item);
  const visitedId = visit ? item.artwork_id : null;

  const run = useDecide(onDecided);
  const approveWith = (body: ApproveRequest | undefined, done: string) =>
    void run(() => approve(body ? { id: item.id, body } : { id: item.id }).unwrap(), done);

  return (
    <div className="review-detail__body">
      <p className="row-list__meta">
        {[submissionKind(item.submission_type), item.submitter?.display_name, formatDate(item.created_at)].filter(Boolean).join(' · ')}{' '}
        <span className={`chip chip--small chip--${item.status}`}>{statusText(item)}</span>
      </p>
      {visitedId && (
        <p>
          {t.rich('review.detail.visitTo', {
            title: item.artwork_title || t('review.detail.untitled'),
            link: (chunks) => <Link to={to.artwork(visitedId)}>{chunks}</Link>,
          })}
        </p>
      )}
      {!visit && item.artwork_type && (
        <p>{t.rich('review.detail.proposedType', { type: <TypeChip type={item.artwork_type} /> })}</p>
      )}
      {visit && item.condition && <p>{t('review.detail.condition', { condition: item.condition })}</p>}
      {!visit && item.description && <p className="prose">{item.description}</p>}
      {item.notes && (
        <blockquote className="review-detail__notes" aria-label={t('review.decision.noteLabel')}>
          <p>{item.notes}</p>
        </blockquote>
      )}
      {!visit && (item.artists.length > 0 || Object.keys(item.tags).length > 0) && (
        <dl className="tag-list">
          {item.artists.length > 0 && (
            <div className="tag-list__row">
              <dt>{t('review.detail.artists')}</dt>
              <dd>{item.artists.join(', ')}</dd>
            </div>
          )}
          {Object.entries(item.tags).map(([k, v]) => (
            <div key={k} className="tag-list__row">
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      )}

      <h3 className="section__title">{t('review.detail.photos')}</h3>
      {item.photos.length === 0 ? (
        <p className="muted">{t('review.detail.noPhotos')}</p>
      ) : (
        <ul className="review-photos">
          {item.photos.map((p, i) => (
            <ReviewPhotoView
              key={p.key || i}
              photo={p}
              index={i}
              title={title}
              unprocessable={item.unprocessable_photos.includes(p.key)}
            />
          ))}
        </ul>
      )}

      <h3 className="section__title">{t('review.detail.where')}</h3>
      <MiniMap
        lat={item.lat}
        lng={item.lon}
        title={title}
        type={item.artwork_type ?? 'other'}
        others={nearby.map((c) => ({ id: c.id, title: c.title, type: c.artwork_type, lat: c.lat, lng: c.lon }))}
        label={t('review.detail.mapLabel', { count: nearby.length })}
      />
      <p className="coordinates">
        {formatCoordinate(item.lat)}, {formatCoordinate(item.lon)}
      </p>

      <h3 className="section__title">{t('review.detail.nearby')}</h3>
      {nearby.length === 0 ? (
        <p className="muted">{t('review.detail.noNearby')}</p>
      ) : (
        <ol className="candidate-list" aria-label={t('review.detail.nearbyLabel')}>
          {nearby.map((c) => (
            <CandidateCard
              key={c.id}
              candidate={c}
              data-testid="review-candidate"
              action={
                pending &&
                !visit && (
                  <button
                    type="button"
                    className="button button--tonal button--small candidate__action"
                    disabled={busy}
                    aria-label={t('review.detail.linkToNamed', { title: c.title || t('review.detail.untitled') })}
                    onClick={() =>
                      approveWith(
                        { action: 'link', artwork_id: c.id },
                        c.title ? t('review.detail.photosAdded', { title: c.title }) : t('review.detail.photosAddedUntitled'),
                      )
                    }
                  >
                    {t('review.detail.linkTo')}
                  </button>
                )
              }
            />
          ))}
        </ol>
      )}

      {pending && (
        <DecisionBar
          busy={busy}
          rejecting={rejecting}
          rejectTitle={t('review.detail.rejectTitle')}
          rejectTestId="review-reject"
          onReject={(reason) => void run(() => reject({ id: item.id, reason }).unwrap(), t('review.detail.rejected'))}
        >
          {visit ? (
            <button
              type="button"
              className="button button--filled"
              disabled={busy}
              onClick={() => approveWith(undefined, t('review.detail.visitApproved'))}
              data-testid="review-approve"
            >
              {approving && <Spinner />} {t('review.decision.approve')}
            </button>
          ) : (
            <ApproveNewForm item={item} busy={busy} onApprove={(body) => approveWith(body, t('review.detail.approvedNew'))} />
          )}
        </DecisionBar>
      )}
    </div>
  );
}

/** The title and type the new artwork gets: the proposal's, unless the moderator changes them. */
function ApproveNewForm({ item, busy, onApprove }: { item: SubmissionDto; busy: boolean; onApprove: (body: ApproveRequest | undefined) => void }) {
  const t = useT();
  const [title, setTitle] = useState(item.title ?? '');
  const [type, setType] = useState(item.artwork_type ?? 'other');
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const typeId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) {
      setError(t('review.detail.titleRequired'));
      return;
    }
    setError(null);
    const overrides: Overrides = {};
    if (trimmed !== (item.title ?? '')) overrides.title = trimmed;
    if (type !== (item.artwork_type ?? 'other')) overrides.artwork_type = type;
    onApprove(Object.keys(overrides).length > 0 ? { action: 'create', overrides } : undefined);
  };
  return (
    <form className="approve-form" onSubmit={submit} noValidate aria-label={t('review.detail.approveNew')}>
      <LabelledField htmlFor={titleId} label={t('review.detail.title')}>
        <input
          id={titleId}
          value={title}
          maxLength={SUBMISSION.titleMax}
          onChange={(e) => setTitle(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${titleId}-error` : undefined}
        />
        <ErrorNote id={`${titleId}-error`}>{error}</ErrorNote>
      </LabelledField>
      <LabelledField htmlFor={typeId} label={t('review.detail.artworkType')}>
        <select id={typeId} value={type} onChange={(e) => isArtworkType(e.target.value) && setType(e.target.value)}>
          <ValueOptions values={ARTWORK_TYPES} label={artworkTypeLabel} />
        </select>
      </LabelledField>
      <button type="submit" className="button button--filled" disabled={busy} data-testid="review-approve">
        {t('review.detail.approveNew')}
      </button>
    </form>
  );
}

function ReviewPhotoView({
  photo,
  index,
  title,
  unprocessable,
}: {
  photo: PhotoDto;
  index: number;
  title: string;
  /** The server could not make this photo's sizes: it will not show, here or once approved. */
  unprocessable: boolean;
}) {
  const t = useT();
  const x = photo.exif;
  const camera = cameraName(x?.make, x?.model);
  const number = index + 1;
  const rows: Array<[string, string]> = [];
  if (x?.dateTime) rows.push([t('review.photo.taken'), formatExifDateTime(x.dateTime)]);
  if (camera) rows.push([t('review.photo.camera'), camera]);
  if (x?.latitude != null && x.longitude != null) {
    rows.push([t('review.photo.gps'), `${formatCoordinate(x.latitude)}, ${formatCoordinate(x.longitude)}`]);
  }
  const w = x?.width ?? photo.width;
  const h = x?.height ?? photo.height;
  if (w && h) rows.push([t('review.photo.size'), `${w} × ${h}`]);
  if (x?.orientation != null) rows.push([t('review.photo.orientation'), String(x.orientation)]);
  return (
    <li className="review-photo">
      {unprocessable ? (
        <p className="notice notice--warning" role="note">
          {t('review.photo.unprocessable', { number })}
        </p>
      ) : (
        <a href={photo.large_url} target="_blank" rel="noreferrer">
          <PhotoImage photo={photo} size="medium" alt={t('review.queue.photoAlt', { number, title })} />
          <span className="visually-hidden">{t('review.photo.opensFull')}</span>
        </a>
      )}
      {rows.length > 0 ? (
        <dl className="exif-list" aria-label={t('review.photo.exifLabel', { number })}>
          {rows.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="muted small">{t('review.photo.noExif')}</p>
      )}
    </li>
  );
}
