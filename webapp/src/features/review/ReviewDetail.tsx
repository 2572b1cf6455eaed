/**
 * One submission under review: its photos with their EXIF, where it was taken among the
 * artworks nearby, and the decisions (approve as a new artwork, link to a nearby one, approve a
 * visit, reject with a reason).
 */
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { ApproveRequest, NearbyCandidate, Overrides, PhotoDto, SubmissionDto } from '../../api/types';
import { MiniMap } from '../../components/MiniMap';
import { CandidateCard } from '../../components/SubmissionParts';
import { PhotoImage } from '../../components/PhotoImage';
import { ValueOptions } from '../../components/Select';
import { ErrorNote, Spinner } from '../../components/states';
import { TypeChip } from '../../components/TypeChip';
import { SUBMISSION } from '../../config/constants';
import { to } from '../../config/routes';
import { cameraName, formatExifDateTime } from '../../lib/exifText';
import { formatDate } from '../../lib/format';
import { formatCoordinate } from '../../lib/geo';
import { ARTWORK_TYPES, artworkTypeLabel, isArtworkType } from '../../lib/map/artworkTypes';
import { statusText, submissionKind, submissionTitle } from '../../lib/submissionText';
import { useApproveSubmissionMutation, useGetReviewSubmissionQuery, useRejectSubmissionMutation } from './reviewApi';
import { DecisionBar, ReviewPanel } from './ReviewParts';
import { useDecide } from './useDecide';

export function ReviewDetailPanel({ id, onClose }: { id: string; onClose: (decided: boolean) => void }) {
  const query = useGetReviewSubmissionQuery(id);
  const { data } = query;
  return (
    <ReviewPanel
      title={data ? submissionTitle(data.submission) : 'Submission'}
      closeLabel="Close the submission"
      loadingLabel="Loading the submission…"
      failedTitle="Could not load this submission"
      testId="review-detail"
      query={query}
      onClose={() => onClose(false)}
    >
      {data && <Detail item={data.submission} nearby={data.nearby} onDecided={() => onClose(true)} />}
    </ReviewPanel>
  );
}

function Detail({ item, nearby, onDecided }: { item: SubmissionDto; nearby: NearbyCandidate[]; onDecided: () => void }) {
  const [approve, { isLoading: approving }] = useApproveSubmissionMutation();
  const [reject, { isLoading: rejecting }] = useRejectSubmissionMutation();
  const busy = approving || rejecting;
  const pending = item.status === 'pending';
  const visit = item.submission_type === 'logbook';
  const title = submissionTitle(item);

  const run = useDecide(onDecided);
  const approveWith = (body: ApproveRequest | undefined, done: string) =>
    void run(() => approve(body ? { id: item.id, body } : { id: item.id }).unwrap(), done);

  return (
    <div className="review-detail__body">
      <p className="row-list__meta">
        {[submissionKind(item.submission_type), item.submitter?.display_name, formatDate(item.created_at)].filter(Boolean).join(' · ')}{' '}
        <span className={`chip chip--small chip--${item.status}`}>{statusText(item)}</span>
      </p>
      {visit && item.artwork_id && (
        <p>
          Visit to <Link to={to.artwork(item.artwork_id)}>{item.artwork_title || 'Untitled'}</Link>
        </p>
      )}
      {!visit && item.artwork_type && (
        <p>
          Proposed type: <TypeChip type={item.artwork_type} />
        </p>
      )}
      {visit && item.condition && <p>Condition: {item.condition}</p>}
      {!visit && item.description && <p className="prose">{item.description}</p>}
      {item.notes && (
        <blockquote className="review-detail__notes" aria-label="Note to the moderators">
          <p>{item.notes}</p>
        </blockquote>
      )}
      {!visit && (item.artists.length > 0 || Object.keys(item.tags).length > 0) && (
        <dl className="tag-list">
          {item.artists.length > 0 && (
            <div className="tag-list__row">
              <dt>Artists</dt>
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

      <h3 className="section__title">Photos</h3>
      {item.photos.length === 0 ? (
        <p className="muted">No photos.</p>
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

      <h3 className="section__title">Where</h3>
      <MiniMap
        lat={item.lat}
        lng={item.lon}
        title={title}
        type={item.artwork_type ?? 'other'}
        others={nearby.map((c) => ({ id: c.id, title: c.title, type: c.artwork_type, lat: c.lat, lng: c.lon }))}
        label={`Map of the submission and ${nearby.length} artworks nearby`}
      />
      <p className="coordinates">
        {formatCoordinate(item.lat)}, {formatCoordinate(item.lon)}
      </p>

      <h3 className="section__title">Artworks nearby</h3>
      {nearby.length === 0 ? (
        <p className="muted">No approved artworks within 100 m.</p>
      ) : (
        <ol className="candidate-list" aria-label="Nearby candidates">
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
                    aria-label={`Link to this artwork: ${c.title || 'Untitled'}`}
                    onClick={() => approveWith({ action: 'link', artwork_id: c.id }, `Photos added to ${c.title || 'the artwork'}`)}
                  >
                    Link to this artwork
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
          rejectTitle="Reject submission"
          rejectTestId="review-reject"
          onReject={(reason) => void run(() => reject({ id: item.id, reason }).unwrap(), 'Submission rejected')}
        >
          {visit ? (
            <button
              type="button"
              className="button button--filled"
              disabled={busy}
              onClick={() => approveWith(undefined, 'Visit approved')}
              data-testid="review-approve"
            >
              {approving && <Spinner />} Approve
            </button>
          ) : (
            <ApproveNewForm item={item} busy={busy} onApprove={(body) => approveWith(body, 'Approved as a new artwork')} />
          )}
        </DecisionBar>
      )}
    </div>
  );
}

/** The title and type the new artwork gets: the proposal's, unless the moderator changes them. */
function ApproveNewForm({ item, busy, onApprove }: { item: SubmissionDto; busy: boolean; onApprove: (body: ApproveRequest | undefined) => void }) {
  const [title, setTitle] = useState(item.title ?? '');
  const [type, setType] = useState(item.artwork_type ?? 'other');
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const typeId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const t = title.trim();
    if (!t) {
      setError('A new artwork needs a title');
      return;
    }
    setError(null);
    const overrides: Overrides = {};
    if (t !== (item.title ?? '')) overrides.title = t;
    if (type !== (item.artwork_type ?? 'other')) overrides.artwork_type = type;
    onApprove(Object.keys(overrides).length > 0 ? { action: 'create', overrides } : undefined);
  };
  return (
    <form className="approve-form" onSubmit={submit} noValidate aria-label="Approve as new artwork">
      <div className="field">
        <label className="field__label" htmlFor={titleId}>
          Title
        </label>
        <input
          id={titleId}
          value={title}
          maxLength={SUBMISSION.titleMax}
          onChange={(e) => setTitle(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${titleId}-error` : undefined}
        />
        <ErrorNote id={`${titleId}-error`}>{error}</ErrorNote>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={typeId}>
          Artwork type
        </label>
        <select id={typeId} value={type} onChange={(e) => isArtworkType(e.target.value) && setType(e.target.value)}>
          <ValueOptions values={ARTWORK_TYPES} label={artworkTypeLabel} />
        </select>
      </div>
      <button type="submit" className="button button--filled" disabled={busy} data-testid="review-approve">
        Approve as new artwork
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
  const x = photo.exif;
  const camera = cameraName(x?.make, x?.model);
  const rows: Array<[string, string]> = [];
  if (x?.dateTime) rows.push(['Taken', formatExifDateTime(x.dateTime)]);
  if (camera) rows.push(['Camera', camera]);
  if (x?.latitude != null && x.longitude != null) rows.push(['GPS', `${formatCoordinate(x.latitude)}, ${formatCoordinate(x.longitude)}`]);
  const w = x?.width ?? photo.width;
  const h = x?.height ?? photo.height;
  if (w && h) rows.push(['Size', `${w} × ${h}`]);
  if (x?.orientation != null) rows.push(['Orientation', String(x.orientation)]);
  return (
    <li className="review-photo">
      {unprocessable ? (
        <p className="notice notice--warning" role="note">
          Photo {index + 1} could not be processed and will not be shown. Ask for another photo if it matters.
        </p>
      ) : (
        <a href={photo.large_url} target="_blank" rel="noreferrer">
          <PhotoImage photo={photo} size="medium" alt={`Photo ${index + 1} of ${title}`} />
          <span className="visually-hidden"> (opens the full size in a new tab)</span>
        </a>
      )}
      {rows.length > 0 ? (
        <dl className="exif-list" aria-label={`Photo ${index + 1} EXIF`}>
          {rows.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="muted small">No EXIF data.</p>
      )}
    </li>
  );
}
