/**
 * /artwork/new: submit an artwork the registry doesn't know. It goes to moderators as a
 * submission (POST /logbook, type new_artwork) and appears once approved; the receipt shows
 * possible duplicates nearby.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorField, errorMessage } from '../../api/errors';
import type { SubmissionReceipt } from '../../api/types';
import { useSubmitLogbookMutation } from '../../api/submissionsApi';
import { useAppDispatch } from '../../app/hooks';
import { Icon } from '../../components/Icon';
import { LocationField, locationProblem, type LatLon } from '../../components/LocationField';
import { PageHeader } from '../../components/PageTitle';
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
import { Spinner } from '../../components/states';
import { SUBMISSION } from '../../config/constants';
import { to } from '../../config/routes';
import { clearFastUpload, readStoredFastUpload, useFastUpload } from '../../lib/fastUpload';
import { ARTWORK_TYPES, artworkTypeLabel } from '../../lib/map/artworkTypes';
import { photoProblem } from '../../lib/photoRules';
import { toastShown } from '../../lib/ui';
import { randomUuid } from '../../lib/uuid';
import './add.css';

/** Tag keys people most often know; any other key may be typed. */
const TAG_SUGGESTIONS = ['material', 'height', 'width', 'year', 'inscription', 'heritage', 'access', 'operator', 'website'];

type Field = 'photos' | 'title' | 'artwork_type' | 'description' | 'tags' | 'artists' | 'notes' | 'location' | 'consent';

/** The server's `details.field` → the form's field. */
const SERVER_FIELDS: Record<string, Field> = {
  photos: 'photos',
  title: 'title',
  type: 'artwork_type',
  artwork_type: 'artwork_type',
  description: 'description',
  tags: 'tags',
  artists: 'artists',
  notes: 'notes',
  lat: 'location',
  lon: 'location',
};

export const NEW_ARTWORK_MESSAGES = {
  title: 'Give the artwork a title (or a short description if you don’t know it)',
  titleTooLong: `The title must be at most ${SUBMISSION.titleMax} characters`,
  descriptionTooLong: `The description must be at most ${SUBMISSION.descriptionMax.toLocaleString('en')} characters`,
  notesTooLong: `The note must be at most ${SUBMISSION.noteMax} characters`,
  tagKey: 'Each detail needs a name',
  tagDuplicate: 'Each detail name can be used once',
  sent: 'Thanks! The artwork was submitted and will appear after review.',
} as const;

interface TagRow {
  id: string;
  key: string;
  value: string;
}

interface ArtistRow {
  id: string;
  name: string;
}

/** `?lat&lng` (from the photo search's "This is a new artwork"), when both are coordinates. */
function locationFrom(params: URLSearchParams): LatLon | null {
  const rawLat = params.get('lat')?.trim();
  const rawLng = params.get('lng')?.trim();
  if (!rawLat || !rawLng) return null;
  const lat = Number(rawLat);
  const lon = Number(rawLng);
  return Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : null;
}

export function tagsObject(rows: TagRow[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of rows) {
    const k = r.key.trim();
    const v = r.value.trim();
    if (k && v) out[k] = v;
  }
  return out;
}

function tagsProblem(rows: TagRow[]): string | null {
  const keys = new Set<string>();
  for (const r of rows) {
    const k = r.key.trim().toLowerCase();
    if (!k && r.value.trim()) return NEW_ARTWORK_MESSAGES.tagKey;
    if (k && keys.has(k)) return NEW_ARTWORK_MESSAGES.tagDuplicate;
    if (k) keys.add(k);
  }
  return null;
}

export function NewArtworkPage() {
  const [receipt, setReceipt] = useState<SubmissionReceipt | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (receipt) heading.current?.focus();
  }, [receipt]);

  return (
    <div className="page page--narrow">
      <PageHeader title="New artwork" subtitle="Moderators check each submission before it appears on the map." />
      {receipt ? (
        <SubmissionReceiptView receipt={receipt} title="Thanks! Your artwork was sent for review" headingRef={heading}>
          <Link className="button button--text" to={to.add()}>
            Add another artwork
          </Link>
        </SubmissionReceiptView>
      ) : (
        <NewArtworkForm onSent={setReceipt} />
      )}
    </div>
  );
}

function NewArtworkForm({ onSent }: { onSent: (r: SubmissionReceipt) => void }) {
  const fast = useFastUpload();
  const [params] = useSearchParams();
  const [title, setTitle] = useState('');
  const [type, setType] = useState<string>('other');
  const [description, setDescription] = useState('');
  const [notes, setNotes] = useState('');
  const [tags, setTags] = useState<TagRow[]>([]);
  const [artists, setArtists] = useState<ArtistRow[]>([]);
  const [photos, setPhotos] = useState<File[]>(() => fast?.photos.map((p) => p.file) ?? []);
  const [location, setLocation] = useState<LatLon | null>(() => {
    const fromQuery = locationFrom(params);
    if (fromQuery) return fromQuery;
    const l = fast?.location ?? readStoredFastUpload()?.location ?? null;
    return l ? { lat: l.latitude, lon: l.longitude } : null;
  });
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
  const ids = { title: useId(), type: useId(), description: useId(), notes: useId(), notesCount: useId(), tags: useId(), artists: useId() };
  const datalistId = useId();

  const validate = (): Partial<Record<Field, string>> => {
    const e: Partial<Record<Field, string>> = {};
    const photo = photoProblem(photos, true);
    if (photo) e.photos = photo;
    if (!title.trim()) e.title = NEW_ARTWORK_MESSAGES.title;
    else if (title.trim().length > SUBMISSION.titleMax) e.title = NEW_ARTWORK_MESSAGES.titleTooLong;
    if (description.trim().length > SUBMISSION.descriptionMax) e.description = NEW_ARTWORK_MESSAGES.descriptionTooLong;
    if (notes.trim().length > SUBMISSION.noteMax) e.notes = NEW_ARTWORK_MESSAGES.notesTooLong;
    const tag = tagsProblem(tags);
    if (tag) e.tags = tag;
    const where = locationProblem(location);
    if (where) e.location = where;
    if (!consent) e.consent = CONSENT_MESSAGE;
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
        type: 'new_artwork',
        lat: location.lat,
        lon: location.lon,
        photos,
        title: title.trim(),
        artwork_type: type,
        description,
        notes,
        tags: tagsObject(tags),
        artists: artists.map((a) => a.name.trim()).filter(Boolean),
      }).unwrap();
      clearFastUpload();
      dispatch(toastShown({ type: 'success', message: NEW_ARTWORK_MESSAGES.sent }));
      onSent(receipt);
    } catch (err) {
      const field = SERVER_FIELDS[errorField(err) ?? ''];
      const message = isRouteMissing(err)
        ? 'Submitting artworks isn’t available on this server yet.'
        : errorMessage(err, 'Failed to submit the artwork');
      if (field) setErrors({ [field]: message });
      else setFormError(message);
      setAttempt((a) => a + 1);
    }
  };

  const fieldError = (f: Field, id: string) =>
    errors[f] ? (
      <p id={`${id}-error`} className="field__error" role="alert">
        {errors[f]}
      </p>
    ) : null;
  const described = (f: Field, id: string, extra?: string) =>
    [extra, errors[f] ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <form ref={form} className="form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={sending} aria-label="New artwork">
      <PhotoPicker files={photos} onChange={setPhotos} error={errors.photos} max={SUBMISSION.maxPhotos} />

      <div className="field">
        <label className="field__label" htmlFor={ids.title}>
          Title
        </label>
        <input
          id={ids.title}
          value={title}
          maxLength={SUBMISSION.titleMax}
          onChange={(e) => setTitle(e.target.value)}
          required
          aria-required="true"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={described('title', ids.title, `${ids.title}-hint`)}
          data-testid="new-artwork-title"
        />
        <p id={`${ids.title}-hint`} className="field__hint">
          If you don’t know it, describe it: “Bronze whale by the seawall”.
        </p>
        {fieldError('title', ids.title)}
      </div>

      <div className="field">
        <label className="field__label" htmlFor={ids.type}>
          Artwork type
        </label>
        <select
          id={ids.type}
          value={type}
          onChange={(e) => setType(e.target.value)}
          aria-invalid={errors.artwork_type ? true : undefined}
          aria-describedby={described('artwork_type', ids.type)}
          data-testid="new-artwork-type"
        >
          {ARTWORK_TYPES.map((t) => (
            <option key={t} value={t}>
              {artworkTypeLabel(t)}
            </option>
          ))}
        </select>
        {fieldError('artwork_type', ids.type)}
      </div>

      <div className="field">
        <label className="field__label" htmlFor={ids.description}>
          Description (optional)
        </label>
        <textarea
          id={ids.description}
          rows={3}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={described('description', ids.description)}
          data-testid="new-artwork-description"
        />
        {fieldError('description', ids.description)}
      </div>

      <fieldset className="fieldset" aria-describedby={described('tags', ids.tags, `${ids.tags}-hint`)}>
        <legend className="field__label">Details (optional)</legend>
        <p id={`${ids.tags}-hint`} className="field__hint">
          What you know about it, such as its material or year.
        </p>
        <datalist id={datalistId}>
          {TAG_SUGGESTIONS.map((k) => (
            <option key={k} value={k} />
          ))}
        </datalist>
        {tags.length > 0 && (
          <ul className="row-editor" data-testid="new-artwork-tags">
            {tags.map((row, i) => (
              <li key={row.id} className="row-editor__row">
                <label className="field field--compact">
                  <span className="field__label">Detail {i + 1} name</span>
                  <input
                    list={datalistId}
                    value={row.key}
                    placeholder="material"
                    aria-invalid={errors.tags ? true : undefined}
                    onChange={(e) => setTags((ts) => ts.map((t) => (t.id === row.id ? { ...t, key: e.target.value } : t)))}
                  />
                </label>
                <label className="field field--compact">
                  <span className="field__label">Detail {i + 1} value</span>
                  <input
                    value={row.value}
                    placeholder="bronze"
                    onChange={(e) => setTags((ts) => ts.map((t) => (t.id === row.id ? { ...t, value: e.target.value } : t)))}
                  />
                </label>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Remove detail ${i + 1}`}
                  onClick={() => setTags((ts) => ts.filter((t) => t.id !== row.id))}
                >
                  <Icon name="close" size={18} />
                </button>
              </li>
            ))}
          </ul>
        )}
        <button
          type="button"
          className="button button--text"
          onClick={() => setTags((ts) => [...ts, { id: randomUuid(), key: '', value: '' }])}
        >
          <Icon name="add" size={18} /> Add a detail
        </button>
        {fieldError('tags', ids.tags)}
      </fieldset>

      <fieldset className="fieldset" aria-describedby={described('artists', ids.artists)}>
        <legend className="field__label">Artists (optional)</legend>
        {artists.length > 0 && (
          <ul className="row-editor" data-testid="new-artwork-artists">
            {artists.map((row, i) => (
              <li key={row.id} className="row-editor__row">
                <label className="field field--compact field--grow">
                  <span className="field__label">Artist {i + 1}</span>
                  <input
                    value={row.name}
                    maxLength={200}
                    autoComplete="off"
                    onChange={(e) => setArtists((as) => as.map((a) => (a.id === row.id ? { ...a, name: e.target.value } : a)))}
                  />
                </label>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Remove artist ${i + 1}`}
                  onClick={() => setArtists((as) => as.filter((a) => a.id !== row.id))}
                >
                  <Icon name="close" size={18} />
                </button>
              </li>
            ))}
          </ul>
        )}
        <button
          type="button"
          className="button button--text"
          onClick={() => setArtists((as) => [...as, { id: randomUuid(), name: '' }])}
        >
          <Icon name="add" size={18} /> Add an artist
        </button>
        {fieldError('artists', ids.artists)}
      </fieldset>

      <div className="field">
        <label className="field__label" htmlFor={ids.notes}>
          Note to the moderators (optional)
        </label>
        <textarea
          id={ids.notes}
          rows={3}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          aria-invalid={errors.notes ? true : undefined}
          aria-describedby={described('notes', ids.notes, ids.notesCount)}
          data-testid="new-artwork-notes"
        />
        <p id={ids.notesCount} className={`field__counter${notes.trim().length > SUBMISSION.noteMax ? ' field__counter--over' : ''}`}>
          {notes.trim().length}/{SUBMISSION.noteMax}
        </p>
        {fieldError('notes', ids.notes)}
      </div>

      <LocationField
        legend="Where is it?"
        value={location}
        onChange={setLocation}
        withMap
        mapCenter={location}
        error={errors.location}
      />

      <ConsentField checked={consent} onChange={setConsent} error={errors.consent} />

      <FormError message={formError} innerRef={formErrorRef} />
      <UploadStatus sending={sending} photos={photos.length} />
      <div className="button-row">
        <button type="submit" className="button button--filled" disabled={sending} data-testid="new-artwork-submit">
          {sending && <Spinner />} Submit artwork
        </button>
        <Link className="button button--text" to={to.map()}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
