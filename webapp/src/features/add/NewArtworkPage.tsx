/**
 * /artwork/new: submit an artwork the registry doesn't know. It goes to moderators as a
 * submission (POST /logbook, type new_artwork) and appears once approved; the receipt shows
 * possible duplicates nearby.
 */
import { useId, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { SubmissionReceipt } from '../../api/types';
import { Icon } from '../../components/Icon';
import { LocationField, locationProblem, type LatLon } from '../../components/LocationField';
import { PageHeader } from '../../components/PageTitle';
import { PhotoPicker } from '../../components/PhotoPicker';
import {
  CONSENT_MESSAGE,
  ConsentField,
  FieldError,
  NOTE_TOO_LONG_MESSAGE,
  NoteField,
  SubmissionReceiptView,
  SubmitActions,
} from '../../components/SubmissionParts';
import { useSentReceipt, useSubmitContribution, type FieldErrors } from '../../components/useSubmitContribution';
import { SUBMISSION } from '../../config/constants';
import { to } from '../../config/routes';
import { readStoredFastUpload, useFastUpload } from '../../lib/fastUpload';
import { ARTWORK_TYPES, artworkTypeLabel, isArtworkType, type ArtworkType } from '../../lib/map/artworkTypes';
import { photoProblem } from '../../lib/photoRules';
import { randomUuid } from '../../lib/uuid';
import './add.css';

/** Tag keys people most often know; any other key may be typed. */
const TAG_SUGGESTIONS = ['material', 'height', 'width', 'year', 'inscription', 'heritage', 'access', 'operator', 'website'];

type Field = 'photos' | 'title' | 'artwork_type' | 'description' | 'tags' | 'artists' | 'notes' | 'location' | 'consent';

/** The server's `details.field` → the form's field (beyond photos, notes, lat and lon). */
const SERVER_FIELDS: Record<string, Field> = {
  title: 'title',
  type: 'artwork_type',
  artwork_type: 'artwork_type',
  description: 'description',
  tags: 'tags',
  artists: 'artists',
};

export const NEW_ARTWORK_MESSAGES = {
  title: 'Give the artwork a title (or a short description if you don’t know it)',
  titleTooLong: `The title must be at most ${SUBMISSION.titleMax} characters`,
  descriptionTooLong: `The description must be at most ${SUBMISSION.descriptionMax.toLocaleString('en')} characters`,
  notesTooLong: NOTE_TOO_LONG_MESSAGE,
  tagKey: 'Each detail needs a name',
  tagDuplicate: 'Each detail name can be used once',
  sent: 'Thanks! The artwork was submitted and will appear after review.',
  failed: 'Failed to submit the artwork',
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

/**
 * Rows a person adds, edits and removes (the details, the artists): `children` draws a row's
 * inputs and gets a function that changes that row; each row keeps its id, React's key.
 */
function RowEditor<R extends { id: string }>({
  rows,
  setRows,
  blank,
  noun,
  addLabel,
  testId,
  children,
}: {
  rows: R[];
  setRows: Dispatch<SetStateAction<R[]>>;
  /** A new, empty row, with its own id. */
  blank: () => R;
  /** In "Remove {noun} {n}". */
  noun: string;
  addLabel: string;
  testId: string;
  children: (row: R, i: number, change: (patch: Partial<R>) => void) => ReactNode;
}) {
  const change = (id: string) => (patch: Partial<R>) => setRows((rs) => rs.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  return (
    <>
      {rows.length > 0 && (
        <ul className="row-editor" data-testid={testId}>
          {rows.map((row, i) => (
            <li key={row.id} className="row-editor__row">
              {children(row, i, change(row.id))}
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove ${noun} ${i + 1}`}
                onClick={() => setRows((rs) => rs.filter((r) => r.id !== row.id))}
              >
                <Icon name="close" size={18} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="button button--text" onClick={() => setRows((rs) => [...rs, blank()])}>
        <Icon name="add" size={18} /> {addLabel}
      </button>
    </>
  );
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
  const { receipt, onSent, headingRef } = useSentReceipt();

  return (
    <div className="page page--narrow">
      <PageHeader title="New artwork" subtitle="Moderators check each submission before it appears on the map." />
      {receipt ? (
        <SubmissionReceiptView receipt={receipt} title="Thanks! Your artwork was sent for review" headingRef={headingRef}>
          <Link className="button button--text" to={to.add()}>
            Add another artwork
          </Link>
        </SubmissionReceiptView>
      ) : (
        <NewArtworkForm onSent={onSent} />
      )}
    </div>
  );
}

function NewArtworkForm({ onSent }: { onSent: (r: SubmissionReceipt) => void }) {
  const fast = useFastUpload();
  const [params] = useSearchParams();
  const [title, setTitle] = useState('');
  const [type, setType] = useState<ArtworkType>('other');
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
  const ids = { title: useId(), type: useId(), description: useId(), notes: useId(), tags: useId(), artists: useId() };
  const datalistId = useId();

  const validate = (): FieldErrors<Field> => {
    const e: FieldErrors<Field> = {};
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

  const { onSubmit, sending, errors, formError, describedBy, formRef, formErrorRef } = useSubmitContribution({
    validate,
    location,
    draft: () => ({
      type: 'new_artwork',
      photos,
      title: title.trim(),
      artwork_type: type,
      description,
      notes,
      tags: tagsObject(tags),
      artists: artists.map((a) => a.name.trim()).filter(Boolean),
    }),
    serverFields: SERVER_FIELDS,
    messages: NEW_ARTWORK_MESSAGES,
    onSent,
  });

  return (
    <form ref={formRef} className="form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={sending} aria-label="New artwork">
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
          aria-describedby={describedBy('title', ids.title, `${ids.title}-hint`)}
          data-testid="new-artwork-title"
        />
        <p id={`${ids.title}-hint`} className="field__hint">
          If you don’t know it, describe it: “Bronze whale by the seawall”.
        </p>
        <FieldError id={ids.title} message={errors.title} />
      </div>

      <div className="field">
        <label className="field__label" htmlFor={ids.type}>
          Artwork type
        </label>
        <select
          id={ids.type}
          value={type}
          onChange={(e) => isArtworkType(e.target.value) && setType(e.target.value)}
          aria-invalid={errors.artwork_type ? true : undefined}
          aria-describedby={describedBy('artwork_type', ids.type)}
          data-testid="new-artwork-type"
        >
          {ARTWORK_TYPES.map((t) => (
            <option key={t} value={t}>
              {artworkTypeLabel(t)}
            </option>
          ))}
        </select>
        <FieldError id={ids.type} message={errors.artwork_type} />
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
          aria-describedby={describedBy('description', ids.description)}
          data-testid="new-artwork-description"
        />
        <FieldError id={ids.description} message={errors.description} />
      </div>

      <fieldset className="fieldset" aria-describedby={describedBy('tags', ids.tags, `${ids.tags}-hint`)}>
        <legend className="field__label">Details (optional)</legend>
        <p id={`${ids.tags}-hint`} className="field__hint">
          What you know about it, such as its material or year.
        </p>
        <datalist id={datalistId}>
          {TAG_SUGGESTIONS.map((k) => (
            <option key={k} value={k} />
          ))}
        </datalist>
        <RowEditor
          rows={tags}
          setRows={setTags}
          blank={() => ({ id: randomUuid(), key: '', value: '' })}
          noun="detail"
          addLabel="Add a detail"
          testId="new-artwork-tags"
        >
          {(row, i, change) => (
            <>
              <label className="field field--compact">
                <span className="field__label">Detail {i + 1} name</span>
                <input
                  list={datalistId}
                  value={row.key}
                  placeholder="material"
                  aria-invalid={errors.tags ? true : undefined}
                  onChange={(e) => change({ key: e.target.value })}
                />
              </label>
              <label className="field field--compact">
                <span className="field__label">Detail {i + 1} value</span>
                <input value={row.value} placeholder="bronze" onChange={(e) => change({ value: e.target.value })} />
              </label>
            </>
          )}
        </RowEditor>
        <FieldError id={ids.tags} message={errors.tags} />
      </fieldset>

      <fieldset className="fieldset" aria-describedby={describedBy('artists', ids.artists)}>
        <legend className="field__label">Artists (optional)</legend>
        <RowEditor
          rows={artists}
          setRows={setArtists}
          blank={() => ({ id: randomUuid(), name: '' })}
          noun="artist"
          addLabel="Add an artist"
          testId="new-artwork-artists"
        >
          {(row, i, change) => (
            <label className="field field--compact field--grow">
              <span className="field__label">Artist {i + 1}</span>
              <input value={row.name} maxLength={200} autoComplete="off" onChange={(e) => change({ name: e.target.value })} />
            </label>
          )}
        </RowEditor>
        <FieldError id={ids.artists} message={errors.artists} />
      </fieldset>

      <NoteField
        id={ids.notes}
        label="Note to the moderators (optional)"
        value={notes}
        onChange={setNotes}
        error={errors.notes}
        testId="new-artwork-notes"
      />

      <LocationField
        legend="Where is it?"
        value={location}
        onChange={setLocation}
        withMap
        mapCenter={location}
        error={errors.location}
      />

      <ConsentField checked={consent} onChange={setConsent} error={errors.consent} />

      <SubmitActions
        label="Submit artwork"
        testId="new-artwork-submit"
        cancelTo={to.map()}
        sending={sending}
        photos={photos.length}
        formError={formError}
        formErrorRef={formErrorRef}
      />
    </form>
  );
}
