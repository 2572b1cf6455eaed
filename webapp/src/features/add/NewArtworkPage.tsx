/**
 * /artwork/new: submit an artwork the registry doesn't know. It goes to moderators as a
 * submission (POST /logbook, type new_artwork) and appears once approved; the receipt shows
 * possible duplicates nearby. Details are chosen from the tag schema (or written, "Other…") and
 * take the values their kind does; artists are chosen among the known ones as the person types,
 * or added as new names. A problem shows at its field (a detail's at its row) until fixed.
 *
 * Kept in one file on purpose: the form's fields, its one validation pass and the receipt share
 * one state; its larger parts (details, artists, photos) are components of their own.
 */
import { useId, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTagVocabulary } from '../../api/tagSchemaApi';
import { ArtistPicker, type CreditedArtist } from '../../components/ArtistPicker';
import { Icon } from '../../components/Icon';
import { LocationField, locationProblem, type LatLon } from '../../components/LocationField';
import { PageHeader } from '../../components/PageTitle';
import { PhotoPicker } from '../../components/PhotoPicker';
import { ValueOptions } from '../../components/Select';
import {
  consentMessage,
  ConsentField,
  FieldError,
  FieldWithError,
  noteTooLongMessage,
  NoteField,
  ContributionOutcomeView,
  SubmitActions,
} from '../../components/SubmissionParts';
import { TagValueField } from '../../components/TagValueField';
import { useSentReceipt, useSubmitContribution, type FieldErrors } from '../../components/useSubmitContribution';
import { SUBMISSION } from '../../config/constants';
import { to } from '../../config/routes';
import { t as translate, useT } from '../../i18n';
import { readStoredFastUpload, useFastUpload } from '../../lib/fastUpload';
import { ARTWORK_TYPES, artworkTypeLabel, isArtworkType, type ArtworkType } from '../../lib/map/artworkTypes';
import { photoProblem } from '../../lib/photoRules';
import {
  FORM_FIELD_KEYS,
  freeKeyProblem,
  labelForKey,
  normalKey,
  tagValueProblem,
  type TagVocabulary,
} from '../../lib/tagGroups';
import { randomUuid } from '../../lib/uuid';
import './add.css';

/**
 * A form field: its own (`tags` for the details as a whole), one detail's value (`tag:<key>`, as
 * the server names it) or one detail row's name (`detail:<row id>`).
 */
type Field =
  | 'photos'
  | 'title'
  | 'artwork_type'
  | 'description'
  | 'tags'
  | 'artists'
  | 'notes'
  | 'location'
  | 'consent'
  | `tag:${string}`
  | `detail:${string}`;

/** The server's `details.field` → the form's field (beyond photos, notes, lat and lon). */
const SERVER_FIELDS: Record<string, Field> = {
  title: 'title',
  type: 'artwork_type',
  artwork_type: 'artwork_type',
  description: 'description',
  tags: 'tags',
  artists: 'artists',
};

/** The form's messages, in the language in effect (each read when it is needed). */
export const NEW_ARTWORK_MESSAGES = {
  title: () => translate('add.new.titleRequired'),
  titleTooLong: () => translate('add.new.titleTooLong', { max: SUBMISSION.titleMax }),
  descriptionTooLong: () => translate('add.new.descriptionTooLong', { max: SUBMISSION.descriptionMax }),
  notesTooLong: noteTooLongMessage,
  tagKey: () => translate('add.new.tagKey'),
  tagDuplicate: () => translate('add.new.tagDuplicate'),
  artistPending: (name: string) => translate('add.new.artistPending', { name }),
  sent: () => translate('add.new.sent'),
  failed: () => translate('add.new.failed'),
} as const;

interface TagRow {
  id: string;
  /** The detail's name: a key of the schema, or (`other`) one the person writes. */
  key: string;
  /** "Other…" chosen: the name is written, not chosen. */
  other: boolean;
  value: string;
}

/** The name select's choice that reveals a written name. */
const OTHER = '\u0000other';

/**
 * Rows a person adds, edits and removes (the details, the artists): `children` draws a row's
 * inputs and gets a function that changes that row; each row keeps its id, React's key.
 */
function RowEditor<R extends { id: string }>({
  rows,
  setRows,
  blank,
  removeLabel,
  addLabel,
  testId,
  children,
}: {
  rows: R[];
  setRows: Dispatch<SetStateAction<R[]>>;
  /** A new, empty row, with its own id. */
  blank: () => R;
  /** A row's remove button's name, by its number. */
  removeLabel: (n: number) => string;
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
                aria-label={removeLabel(i + 1)}
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

/** The details as sent: each named one with a value, its name as the server keeps it. */
export function tagsObject(rows: readonly TagRow[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of rows) {
    const k = normalKey(r.key);
    const v = r.value.trim();
    if (k && v) out[k] = v;
  }
  return out;
}

/** What is wrong with a row's name (`key`, normalised), given the names of the rows above (`taken`). */
function nameProblem(key: string, row: TagRow, taken: ReadonlySet<string>, vocabulary: TagVocabulary): string | null {
  if (!key) return row.value.trim() ? NEW_ARTWORK_MESSAGES.tagKey() : null;
  if (taken.has(key)) return NEW_ARTWORK_MESSAGES.tagDuplicate();
  return vocabulary.definitions.has(key) ? null : freeKeyProblem(key, vocabulary);
}

/** The details' problems: a row's name (`detail:<id>`: missing, used twice, not a name), then its value (`tag:<key>`). */
function tagsProblems(rows: readonly TagRow[], vocabulary: TagVocabulary): FieldErrors<Field> {
  const e: FieldErrors<Field> = {};
  const keys = new Set<string>();
  for (const r of rows) {
    const k = normalKey(r.key);
    const name = nameProblem(k, r, keys, vocabulary);
    if (name) e[`detail:${r.id}`] = name;
    if (!k) continue;
    keys.add(k);
    const value = name ? null : tagValueProblem(k, r.value, vocabulary);
    if (value) e[`tag:${k}`] = value;
  }
  return e;
}

/** The details a person chooses from: the schema's, by category, without the form's own fields. */
function detailChoices(vocabulary: TagVocabulary) {
  return vocabulary.categories
    .map((c) => ({ id: c.id, label: c.label, keys: c.keys.filter((k) => !FORM_FIELD_KEYS.has(k)) }))
    .filter((c) => c.keys.length > 0);
}

export function NewArtworkPage() {
  const t = useT();
  const { outcome, onSent, onQueued, headingRef } = useSentReceipt();

  return (
    <div className="page page--narrow">
      <PageHeader title={t('add.new.title')} subtitle={t('add.new.subtitle')} />
      {outcome ? (
        <ContributionOutcomeView outcome={outcome} sentTitle={t('add.new.receiptTitle')} headingRef={headingRef}>
          <Link className="button button--text" to={to.add()}>
            {t('add.new.another')}
          </Link>
        </ContributionOutcomeView>
      ) : (
        <NewArtworkForm onSent={onSent} onQueued={onQueued} />
      )}
    </div>
  );
}

function NewArtworkForm({ onSent, onQueued }: Pick<ReturnType<typeof useSentReceipt>, 'onSent' | 'onQueued'>) {
  const t = useT();
  const fast = useFastUpload();
  const [params] = useSearchParams();
  const [title, setTitle] = useState('');
  const [type, setType] = useState<ArtworkType>('other');
  const [description, setDescription] = useState('');
  const [notes, setNotes] = useState('');
  const [tags, setTags] = useState<TagRow[]>([]);
  const [artists, setArtists] = useState<CreditedArtist[]>([]);
  // The artist search's text: a name typed but not added is not sent unseen.
  const [artistQuery, setArtistQuery] = useState('');
  const vocabulary = useTagVocabulary();
  const [photos, setPhotos] = useState<File[]>(() => fast?.photos.map((p) => p.file) ?? []);
  const [location, setLocation] = useState<LatLon | null>(() => {
    const fromQuery = locationFrom(params);
    if (fromQuery) return fromQuery;
    const l = fast?.location ?? readStoredFastUpload()?.location ?? null;
    return l ? { lat: l.latitude, lon: l.longitude } : null;
  });
  const [consent, setConsent] = useState(false);
  const ids = { title: useId(), type: useId(), description: useId(), notes: useId(), tags: useId(), artists: useId() };

  const validate = (): FieldErrors<Field> => {
    const e: FieldErrors<Field> = {};
    const photo = photoProblem(photos, true);
    if (photo) e.photos = photo;
    if (!title.trim()) e.title = NEW_ARTWORK_MESSAGES.title();
    else if (title.trim().length > SUBMISSION.titleMax) e.title = NEW_ARTWORK_MESSAGES.titleTooLong();
    if (description.trim().length > SUBMISSION.descriptionMax) e.description = NEW_ARTWORK_MESSAGES.descriptionTooLong();
    if (notes.trim().length > SUBMISSION.noteMax) e.notes = NEW_ARTWORK_MESSAGES.notesTooLong();
    Object.assign(e, tagsProblems(tags, vocabulary));
    if (artistQuery.trim()) e.artists = NEW_ARTWORK_MESSAGES.artistPending(artistQuery.trim());
    const where = locationProblem(location);
    if (where) e.location = where;
    if (!consent) e.consent = consentMessage();
    return e;
  };

  const values: Partial<Record<Field, unknown>> = {
    photos,
    title,
    artwork_type: type,
    description,
    tags,
    artists,
    notes,
    location,
    consent,
  };
  const valueAt = (f: Field): unknown => {
    if (f.startsWith('tag:')) return tags.find((r) => normalKey(r.key) === f.slice(4));
    if (f.startsWith('detail:')) return tags.find((r) => r.id === f.slice(7));
    return values[f];
  };

  const { onSubmit, sending, errors, formError, describedBy, controlProps, formRef, formErrorRef } = useSubmitContribution<Field>({
    validate,
    valueAt,
    location,
    draft: () => ({
      type: 'new_artwork',
      photos,
      title: title.trim(),
      artwork_type: type,
      description,
      notes,
      tags: tagsObject(tags),
      // Names: a known artist's as the registry spells it, a new one's as typed.
      artists: [...new Set(artists.map((a) => a.name.trim()).filter(Boolean))],
    }),
    serverFields: SERVER_FIELDS,
    // One detail's error lands on its row (the details as a whole when no row has that name).
    serverFieldOf: (named) => {
      if (!named.startsWith('tag:')) return undefined;
      const row = tags.find((r) => normalKey(r.key) === named.slice(4));
      return row ? (`tag:${normalKey(row.key)}` as const) : 'tags';
    },
    messages: { sent: NEW_ARTWORK_MESSAGES.sent(), failed: NEW_ARTWORK_MESSAGES.failed() },
    onSent,
    onQueued,
  });

  return (
    <form ref={formRef} className="form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={sending} aria-label={t('add.new.form')}>
      <PhotoPicker files={photos} onChange={setPhotos} error={errors.photos} max={SUBMISSION.maxPhotos} />

      <FieldWithError id={ids.title} label={t('add.new.titleLabel')} error={errors.title}>
        <input
          {...controlProps('title', ids.title, `${ids.title}-hint`)}
          value={title}
          maxLength={SUBMISSION.titleMax}
          onChange={(e) => setTitle(e.target.value)}
          required
          aria-required="true"
          data-testid="new-artwork-title"
        />
        <p id={`${ids.title}-hint`} className="field__hint">
          {t('add.new.titleHint')}
        </p>
      </FieldWithError>

      <FieldWithError id={ids.type} label={t('add.new.type')} error={errors.artwork_type}>
        <select
          {...controlProps('artwork_type', ids.type)}
          value={type}
          onChange={(e) => isArtworkType(e.target.value) && setType(e.target.value)}
          data-testid="new-artwork-type"
        >
          <ValueOptions values={ARTWORK_TYPES} label={artworkTypeLabel} />
        </select>
      </FieldWithError>

      <FieldWithError id={ids.description} label={t('add.new.description')} error={errors.description}>
        <textarea
          {...controlProps('description', ids.description)}
          rows={3}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          data-testid="new-artwork-description"
        />
      </FieldWithError>

      <fieldset className="fieldset" aria-describedby={describedBy('tags', ids.tags, `${ids.tags}-hint`)}>
        <legend className="field__label">{t('add.new.details')}</legend>
        <p id={`${ids.tags}-hint`} className="field__hint">
          {t('add.new.detailsHint')}
        </p>
        <RowEditor
          rows={tags}
          setRows={setTags}
          blank={() => ({ id: randomUuid(), key: '', other: false, value: '' })}
          removeLabel={(n) => t('add.new.removeDetail', { n })}
          addLabel={t('add.new.addDetail')}
          testId="new-artwork-tags"
        >
          {(row, i, change) => (
            <DetailRow
              id={`${ids.tags}-${row.id}`}
              n={i + 1}
              row={row}
              change={change}
              vocabulary={vocabulary}
              taken={tags.filter((r) => r.id !== row.id).map((r) => normalKey(r.key))}
              nameError={errors[`detail:${row.id}`]}
              valueError={row.key.trim() ? errors[`tag:${normalKey(row.key)}`] : undefined}
              setError={Boolean(errors.tags)}
            />
          )}
        </RowEditor>
        <FieldError id={ids.tags} message={errors.tags} />
      </fieldset>

      <ArtistPicker
        id={ids.artists}
        legend={t('add.new.artists')}
        value={artists}
        onChange={setArtists}
        allowNew
        query={artistQuery}
        onQuery={setArtistQuery}
        error={errors.artists}
        alert
      />

      <NoteField
        id={ids.notes}
        label={t('add.new.notes')}
        value={notes}
        onChange={setNotes}
        error={errors.notes}
        testId="new-artwork-notes"
      />

      <LocationField
        legend={t('add.new.where')}
        value={location}
        onChange={setLocation}
        withMap
        mapCenter={location}
        error={errors.location}
      />

      <ConsentField checked={consent} onChange={setConsent} error={errors.consent} />

      <SubmitActions
        label={t('add.new.submit')}
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

/**
 * One detail: its name, chosen from the schema's (by category) or, with "Other…", written; and
 * its value, with the control the chosen detail's kind calls for. Without the schema (not loaded),
 * both are written. Its problems show below it: the name's, then the value's.
 */
function DetailRow({
  id,
  n,
  row,
  change,
  vocabulary,
  taken,
  nameError,
  valueError,
  setError,
}: {
  id: string;
  /** Its number, in its labels ("Detail 2 name"). */
  n: number;
  row: TagRow;
  change: (patch: Partial<TagRow>) => void;
  vocabulary: TagVocabulary;
  /** The names of the other rows, not offered again. */
  taken: readonly string[];
  nameError: string | undefined;
  valueError: string | undefined;
  /** A problem of the details as a whole: every name is in question. */
  setError: boolean;
}) {
  const t = useT();
  const key = normalKey(row.key);
  const known = vocabulary.definitions.has(key);
  const choice = !vocabulary.known ? null : known && !row.other ? key : row.other || key ? OTHER : '';
  const nameInvalid = Boolean(nameError) || setError || undefined;
  const nameDescribed = nameError ? `${id}-name-error` : undefined;
  const valueDescribed = valueError ? `${id}-value-error` : undefined;
  const writtenName = (label: string) => (
    <label className="field field--compact" htmlFor={`${id}-written`}>
      <span className="field__label">{label}</span>
      <input
        id={`${id}-written`}
        value={row.key}
        maxLength={50}
        autoComplete="off"
        spellCheck={false}
        // i18n-exempt: an example of a detail's name as the registry keeps it
        placeholder="opening_hours"
        aria-invalid={nameInvalid}
        aria-describedby={nameDescribed}
        onChange={(e) => change({ key: e.target.value })}
      />
    </label>
  );

  return (
    <div className="detail-row">
      <div className="detail-row__fields">
        {choice === null ? (
          writtenName(t('add.new.detailName', { n }))
        ) : (
          <label className="field field--compact" htmlFor={`${id}-name`}>
            <span className="field__label">{t('add.new.detailName', { n })}</span>
            <select
              id={`${id}-name`}
              value={choice}
              aria-invalid={choice === OTHER ? undefined : nameInvalid}
              aria-describedby={choice === OTHER ? undefined : nameDescribed}
              onChange={(e) => {
                const picked = e.target.value;
                if (picked === OTHER) return change({ key: '', other: true });
                // What was typed stays only if the detail chosen takes it.
                const fits = tagValueProblem(picked, row.value, vocabulary) === null;
                const value = !fits ? '' : vocabulary.definitions.get(picked)?.kind.type === 'enum' ? row.value.trim().toLowerCase() : row.value;
                change({ key: picked, other: false, value });
              }}
            >
              <option value="">{t('add.new.chooseDetail')}</option>
              {detailChoices(vocabulary).map((c) => (
                <optgroup key={c.id} label={c.label}>
                  {c.keys
                    .filter((k) => k === key || !taken.includes(k))
                    .map((k) => (
                      <option key={k} value={k}>
                        {labelForKey(k, vocabulary)}
                      </option>
                    ))}
                </optgroup>
              ))}
              <option value={OTHER}>{t('add.new.other')}</option>
            </select>
          </label>
        )}
        {choice === OTHER && writtenName(t('add.new.detailOtherName', { n }))}
        <label className="field field--compact detail-row__value" htmlFor={`${id}-value`}>
          <span className="field__label">{t('add.new.detailValue', { n })}</span>
          <TagValueField
            id={`${id}-value`}
            definition={vocabulary.definitions.get(key)}
            freeMax={vocabulary.freeValueMax}
            value={row.value}
            onChange={(value) => change({ value })}
            invalid={Boolean(valueError)}
            describedBy={valueDescribed}
          />
        </label>
      </div>
      <FieldError id={`${id}-name`} message={nameError} />
      <FieldError id={`${id}-value`} message={valueError} />
    </div>
  );
}
