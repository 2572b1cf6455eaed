/**
 * /logbook/{artworkId}: log a visit with photos, the artwork's condition and a note
 * (POST /logbook, type logbook). It is reviewed before it shows in the artwork's logbook.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useGetArtworkQuery } from '../../api/artworkApi';
import { errorField, errorMessage, isApiError } from '../../api/errors';
import { CONDITIONS, type Condition, type SubmissionReceipt } from '../../api/types';
import { useSubmitLogbookMutation } from '../../api/submissionsApi';
import { randomUuid } from '../../lib/uuid';
import { useAppDispatch } from '../../app/hooks';
import { LocationField, locationProblem, type LatLon } from '../../components/LocationField';
import { PageHeader } from '../../components/PageTitle';
import { PhotoImage } from '../../components/PhotoImage';
import { PhotoPicker } from '../../components/PhotoPicker';
import { isRouteMissing } from '../../components/QueryFailure';
import {
  CONSENT_MESSAGE,
  ConsentField,
  FormError,
  SubmissionReceiptView,
  UploadStatus,
  useFocusOnProblem,
} from '../../components/SubmissionParts';
import { EmptyState, Loading, Spinner } from '../../components/states';
import { SUBMISSION } from '../../config/constants';
import { to } from '../../config/routes';
import { clearFastUpload, useFastUpload } from '../../lib/fastUpload';
import { photoProblem } from '../../lib/photoRules';
import { toastShown } from '../../lib/ui';

export const CONDITION_LABELS: Record<Condition, string> = {
  good: 'Good',
  fair: 'Fair',
  poor: 'Poor',
  damaged: 'Damaged',
  missing: 'Missing (it’s gone)',
};

export const LOGBOOK_MESSAGES = {
  photoOrNote: 'Add a photo or a note about your visit',
  notesTooLong: `The note must be at most ${SUBMISSION.noteMax} characters`,
  sent: 'Thanks! Your visit was logged and will appear after review.',
} as const;

type Field = 'photos' | 'notes' | 'condition' | 'location' | 'consent';

const SERVER_FIELDS: Record<string, Field> = {
  photos: 'photos',
  notes: 'notes',
  condition: 'condition',
  lat: 'location',
  lon: 'location',
};

export function LogbookPage() {
  const { artworkId = '' } = useParams();
  const { data: artwork, error, isLoading } = useGetArtworkQuery(artworkId, { skip: !artworkId });
  const [receipt, setReceipt] = useState<SubmissionReceipt | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (receipt) heading.current?.focus();
  }, [receipt]);
  const title = artwork?.title || 'Untitled';
  const missing = isApiError(error) && (error.status === 404 || error.status === 400);

  return (
    <div className="page page--narrow">
      <PageHeader
        title="Log a visit"
        subtitle={
          isLoading ? (
            <Loading label="Loading artwork…" />
          ) : artwork ? (
            <>
              to <Link to={to.artwork(artwork.id)}>{title}</Link>
            </>
          ) : null
        }
      />
      {missing ? (
        <EmptyState
          icon="artworks"
          title="Artwork not found"
          action={
            <Link className="button button--filled" to={to.map()}>
              Back to the map
            </Link>
          }
        >
          <p>{`Artwork with ID ${artworkId} not found`}</p>
        </EmptyState>
      ) : receipt ? (
        <SubmissionReceiptView receipt={receipt} title="Thanks! Your visit was sent for review" headingRef={heading}>
          <Link className="button button--text" to={to.artwork(artworkId)}>
            Back to {title}
          </Link>
        </SubmissionReceiptView>
      ) : (
        <>
          {artwork && artwork.photos.length > 0 && (
            <ul className="photo-strip" aria-label={`Photos of ${title}`}>
              {artwork.photos.slice(0, 4).map((p, i) => (
                <li key={p.key || i}>
                  <PhotoImage photo={p} size="thumbnail" alt={`Photo ${i + 1} of ${title}`} />
                </li>
              ))}
            </ul>
          )}
          <LogbookForm
            artworkId={artworkId}
            artworkTitle={artwork?.title ?? null}
            artworkAt={artwork ? { lat: artwork.lat, lon: artwork.lon } : null}
            onSent={setReceipt}
          />
        </>
      )}
    </div>
  );
}

function LogbookForm({
  artworkId,
  artworkTitle,
  artworkAt,
  onSent,
}: {
  artworkId: string;
  artworkTitle: string | null;
  artworkAt: LatLon | null;
  onSent: (r: SubmissionReceipt) => void;
}) {
  const fast = useFastUpload();
  const [photos, setPhotos] = useState<File[]>(() => fast?.photos.map((p) => p.file) ?? []);
  const [condition, setCondition] = useState<Condition | ''>('');
  const [notes, setNotes] = useState('');
  const [location, setLocation] = useState<LatLon | null>(() =>
    fast?.location ? { lat: fast.location.latitude, lon: fast.location.longitude } : null,
  );
  // Until a location is given, the artwork's own is used (once it has loaded).
  const [touched, setTouched] = useState(location !== null);
  if (!touched && !location && artworkAt) {
    setLocation(artworkAt);
    setTouched(true);
  }
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [submit, { isLoading: sending }] = useSubmitLogbookMutation();
  // One key per draft: sending again after a lost answer cannot record it twice.
  const idempotencyKey = useRef(randomUuid());
  const dispatch = useAppDispatch();
  const form = useRef<HTMLFormElement>(null);
  const formErrorRef = useRef<HTMLParagraphElement>(null);
  useFocusOnProblem(attempt, form, formErrorRef);
  const conditionId = useId();
  const notesId = useId();
  const countId = useId();

  const validate = (): Partial<Record<Field, string>> => {
    const e: Partial<Record<Field, string>> = {};
    const photo = photoProblem(photos, false);
    if (photo) e.photos = photo;
    else if (photos.length === 0 && !notes.trim()) e.photos = LOGBOOK_MESSAGES.photoOrNote;
    if (notes.trim().length > SUBMISSION.noteMax) e.notes = LOGBOOK_MESSAGES.notesTooLong;
    const where = locationProblem(location);
    if (where) e.location = where;
    if (!consent && photos.length > 0) e.consent = CONSENT_MESSAGE;
    return e;
  };

  const onSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (sending) return;
    setFormError(null);
    const problems = validate();
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !location) {
      setAttempt((a) => a + 1);
      return;
    }
    try {
      const receipt = await submit({
        idempotencyKey: idempotencyKey.current,
        type: 'logbook',
        artworkId,
        lat: location.lat,
        lon: location.lon,
        photos,
        notes,
        condition: condition || null,
        artworkTitle,
      }).unwrap();
      clearFastUpload();
      dispatch(toastShown({ type: 'success', message: LOGBOOK_MESSAGES.sent }));
      onSent(receipt);
    } catch (err) {
      const field = SERVER_FIELDS[errorField(err) ?? ''];
      const message = isRouteMissing(err) ? 'Logging visits isn’t available on this server yet.' : errorMessage(err, 'Failed to log your visit');
      if (field) setErrors({ [field]: message });
      else setFormError(message);
      setAttempt((a) => a + 1);
    }
  };

  const over = notes.trim().length > SUBMISSION.noteMax;
  return (
    <form ref={form} className="form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={sending} aria-label="Log a visit">
      <PhotoPicker files={photos} onChange={setPhotos} error={errors.photos} max={SUBMISSION.maxPhotos} />

      <div className="field">
        <label className="field__label" htmlFor={conditionId}>
          Condition (optional)
        </label>
        <select
          id={conditionId}
          value={condition}
          onChange={(e) => setCondition(e.target.value as Condition | '')}
          aria-invalid={errors.condition ? true : undefined}
          aria-describedby={errors.condition ? `${conditionId}-error` : undefined}
          data-testid="logbook-condition"
        >
          <option value="">Not sure</option>
          {CONDITIONS.map((c) => (
            <option key={c} value={c}>
              {CONDITION_LABELS[c]}
            </option>
          ))}
        </select>
        {errors.condition && (
          <p id={`${conditionId}-error`} className="field__error" role="alert">
            {errors.condition}
          </p>
        )}
      </div>

      <div className="field">
        <label className="field__label" htmlFor={notesId}>
          Note (optional)
        </label>
        <textarea
          id={notesId}
          rows={4}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          aria-invalid={errors.notes ? true : undefined}
          aria-describedby={[countId, errors.notes ? `${notesId}-error` : ''].filter(Boolean).join(' ')}
          data-testid="logbook-notes"
        />
        <p id={countId} className={`field__counter${over ? ' field__counter--over' : ''}`} aria-live={over ? 'polite' : 'off'}>
          {notes.trim().length}/{SUBMISSION.noteMax}
        </p>
        {errors.notes && (
          <p id={`${notesId}-error`} className="field__error" role="alert">
            {errors.notes}
          </p>
        )}
      </div>

      <LocationField
        legend="Where were you?"
        hint="Filled in from your photo or the artwork’s own location; change it if needed."
        value={location}
        onChange={(v) => {
          setTouched(true);
          setLocation(v);
        }}
        error={errors.location}
      />

      <ConsentField checked={consent} onChange={setConsent} error={errors.consent} />

      <FormError message={formError} innerRef={formErrorRef} />
      <UploadStatus sending={sending} photos={photos.length} />
      <div className="button-row">
        <button type="submit" className="button button--filled" disabled={sending} data-testid="logbook-submit">
          {sending && <Spinner />} Submit visit
        </button>
        <Link className="button button--text" to={artworkId ? to.artwork(artworkId) : to.map()}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
