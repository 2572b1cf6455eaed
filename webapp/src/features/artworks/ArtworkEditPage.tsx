/**
 * /artwork/{id}/edit (signed in): propose changes to an artwork's title, description, type,
 * location, artists and details (tags), with a note to the moderators. Only the fields changed
 * are sent, each with the value the page loaded. The server checks the proposal first (nothing
 * written) and its errors show at their fields; the proposal then waits for a moderator. When the
 * artwork changed meanwhile, loading it again keeps the person's changes.
 */
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useGetArtworkQuery } from '../../api/artworkApi';
import { errorField, errorMessage, isApiError } from '../../api/errors';
import type { EditRequest, FieldProblem } from '../../api/types';
import type { ArtworkDetailDto } from '../../api/types';
import { useAppDispatch } from '../../app/hooks';
import { ArtworkNotFound } from '../../components/ArtworkNotFound';
import { LocationField, locationProblem } from '../../components/LocationField';
import { PageHeader, usePageTitle } from '../../components/PageTitle';
import { isRouteMissing } from '../../components/QueryFailure';
import { FieldError, NOTE_TOO_LONG_MESSAGE, NoteField, useFocusOnProblem } from '../../components/SubmissionParts';
import { ErrorState, Loading, Spinner } from '../../components/states';
import { SUBMISSION } from '../../config/constants';
import { to } from '../../config/routes';
import { editFieldLabel } from '../../lib/fieldText';
import { ARTWORK_TYPES, artworkTypeLabel, isArtworkType } from '../../lib/map/artworkTypes';
import { labelForKey, OTHER_CATEGORY, TAG_CATEGORIES } from '../../lib/tagGroups';
import { toastShown } from '../../lib/ui';
import { ArtistPicker } from './ArtistPicker';
import { useProposeArtworkEditMutation, useValidateArtworkEditMutation } from './artworksApi';
import { editsFrom, rebase, valuesOf, type EditableArtwork, type EditValues } from './editModel';
import './artworks.css';

const EDIT_MESSAGES = {
  sent: 'Thanks! Your changes will appear once a moderator approves them.',
  unavailable: 'Editing isn’t available on this server yet.',
  failed: 'Your changes could not be sent',
  reloaded: 'The current values are loaded. The fields you changed keep your changes.',
} as const;

/** Classification tags that are the artwork's own fields (type, title) or always the same. */
const NOT_EDITED_AS_TAGS = new Set<string>(['tourism', 'artwork_type', 'name']);
const LISTED_TAGS = new Set<string>(TAG_CATEGORIES.flatMap((c) => c.keys));

/** The details offered, by category: the schema's, then the other keys this artwork has. */
function tagGroupsFor(tags: Record<string, string>) {
  const known = TAG_CATEGORIES.map((c) => ({ id: c.id, label: c.label, keys: c.keys.filter((k) => !NOT_EDITED_AS_TAGS.has(k)) }));
  const other = Object.keys(tags)
    .filter((k) => !LISTED_TAGS.has(k))
    .sort();
  return [...known, { id: OTHER_CATEGORY.id, label: OTHER_CATEGORY.label, keys: other }].filter((g) => g.keys.length > 0);
}

/** The 409 of proposing, and the same finding among the checks' errors: the artwork changed since it was loaded. */
function isStale(message: string): boolean {
  return /changed since you opened it/i.test(message);
}

export function ArtworkEditPage() {
  const { id = '' } = useParams();
  const { data, error, isFetching, refetch } = useGetArtworkQuery(id, { skip: !id });
  usePageTitle('Edit artwork');
  // Once loaded, the form stays while the artwork is loaded again (a failed reload says so in the form).
  if (data) return <EditForm artwork={data} reload={() => refetch().unwrap()} />;
  const missing = !error || (isApiError(error) && (error.status === 404 || error.status === 400));
  return (
    <div className="page">
      {isFetching ? <Loading /> : missing ? <ArtworkNotFound id={id} /> : <ErrorState error={error} onRetry={() => void refetch()} />}
    </div>
  );
}

function EditForm({ artwork, reload }: { artwork: ArtworkDetailDto; reload: () => Promise<unknown> }) {
  // The artwork the values started from: the edits' old values, and what a reload moves on from.
  const [loaded, setLoaded] = useState<EditableArtwork>(artwork);
  const [values, setValues] = useState<EditValues>(() => valuesOf(artwork));
  if (loaded !== artwork) {
    setValues(rebase(values, loaded, artwork));
    setLoaded(artwork);
  }
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [status, setStatus] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [validate, { isLoading: validating }] = useValidateArtworkEditMutation();
  const [propose, { isLoading: proposing }] = useProposeArtworkEditMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  useFocusOnProblem(attempt, formRef, summaryRef);
  const busy = validating || proposing;
  const fieldId = `edit-${artwork.id}`;
  const idOf = (field: string) => `${fieldId}-${field.replace(/[^\w-]/g, '_')}`;
  const errorAt = (field: string) => problems.find((p) => p.field === field)?.message;
  const set = (patch: Partial<EditValues>) => setValues((v) => ({ ...v, ...patch }));
  const setTag = (key: string, text: string) => setValues((v) => ({ ...v, tags: { ...v.tags, [key]: text } }));

  const fail = (found: FieldProblem[], conflict = found.some((p) => isStale(p.message))) => {
    setProblems(found);
    setStale(conflict);
    setAttempt((a) => a + 1);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setStatus('');
    const local: FieldProblem[] = [];
    const where = locationProblem(values.location);
    if (where) local.push({ field: 'location', message: where });
    if (note.trim().length > SUBMISSION.noteMax) local.push({ field: 'note', message: NOTE_TOO_LONG_MESSAGE });
    if (local.length > 0) return fail(local);

    const body: EditRequest = { edits: editsFrom(loaded, values), ...(note.trim() ? { note: note.trim() } : {}) };
    try {
      const check = await validate({ id: artwork.id, body }).unwrap();
      if (!check.valid) return fail(check.errors);
      await propose({ id: artwork.id, body }).unwrap();
    } catch (err) {
      const message = isRouteMissing(err) ? EDIT_MESSAGES.unavailable : errorMessage(err, EDIT_MESSAGES.failed);
      return fail([{ field: errorField(err) ?? '', message }], isApiError(err) && err.status === 409);
    }
    dispatch(toastShown({ type: 'success', message: EDIT_MESSAGES.sent }));
    void navigate(to.artwork(artwork.id));
  };

  const reloadArtwork = async () => {
    setReloading(true);
    try {
      await reload();
      setProblems([]);
      setStale(false);
      setStatus(EDIT_MESSAGES.reloaded);
    } catch (err) {
      fail([{ field: '', message: errorMessage(err) }], true);
    } finally {
      setReloading(false);
    }
  };

  return (
    <div className="page page--narrow">
      <PageHeader title={`Edit ${artwork.title || 'artwork'}`} documentTitle="Edit artwork" subtitle="Moderators review every change." />
      <form ref={formRef} className="form" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy} aria-label="Edit artwork">
        <p className="muted small" role="status">
          {status}
        </p>
        <TextField id={idOf('title')} label="Title" value={values.title} maxLength={SUBMISSION.titleMax} required onChange={(title) => set({ title })} error={errorAt('title')} />
        <TextField
          id={idOf('description')}
          label="Description"
          value={values.description}
          maxLength={SUBMISSION.descriptionMax}
          multiline
          clearable
          onChange={(description) => set({ description })}
          error={errorAt('description')}
        />
        <div className="field">
          <label className="field__label" htmlFor={idOf('artwork_type')}>
            Artwork type
          </label>
          <select
            id={idOf('artwork_type')}
            value={values.artwork_type}
            onChange={(e) => isArtworkType(e.target.value) && set({ artwork_type: e.target.value })}
            aria-invalid={errorAt('artwork_type') ? true : undefined}
            aria-describedby={errorAt('artwork_type') ? `${idOf('artwork_type')}-error` : undefined}
          >
            {ARTWORK_TYPES.map((t) => (
              <option key={t} value={t}>
                {artworkTypeLabel(t)}
              </option>
            ))}
          </select>
          <FieldError id={idOf('artwork_type')} message={errorAt('artwork_type')} alert={false} />
        </div>
        <LocationField
          value={values.location}
          onChange={(location) => set({ location })}
          withMap
          mapCenter={{ lat: loaded.lat, lon: loaded.lon }}
          error={errorAt('location')}
        />
        <ArtistPicker id={idOf('artists')} value={values.artists} onChange={(artists) => set({ artists })} error={errorAt('artists')} />
        {tagGroupsFor(loaded.tags).map((g) => (
          <fieldset key={g.id} className="fieldset">
            <legend className="field__label">{g.label}</legend>
            <div className="field-grid">
              {g.keys.map((k) => (
                <TextField
                  key={k}
                  id={idOf(`tag:${k}`)}
                  label={labelForKey(k)}
                  value={values.tags[k] ?? ''}
                  clearable
                  onChange={(text) => setTag(k, text)}
                  error={errorAt(`tag:${k}`)}
                />
              ))}
            </div>
          </fieldset>
        ))}
        <NoteField id={idOf('note')} label="Note to the moderators (optional)" value={note} onChange={setNote} error={errorAt('note')} alert={false} />
        <Problems problems={problems} innerRef={summaryRef} stale={stale} reloading={reloading} onReload={() => void reloadArtwork()} />
        <div className="button-row">
          <button type="submit" className="button button--filled" disabled={busy}>
            {busy && <Spinner />} Submit changes
          </button>
          <Link className="button button--text" to={to.artwork(artwork.id)}>
            Cancel
          </Link>
        </div>
      </form>
    </div>
  );
}

/** A text input (or textarea) with its label, its error and, when `clearable`, a button that empties it. */
function TextField({
  id,
  label,
  value,
  onChange,
  error,
  maxLength,
  required = false,
  multiline = false,
  clearable = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  maxLength?: number;
  required?: boolean;
  multiline?: boolean;
  clearable?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const props = {
    id,
    value,
    maxLength,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    'aria-required': required || undefined,
  };
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        {multiline ? <textarea ref={area} rows={4} {...props} /> : <input ref={input} {...props} />}
        {clearable && (
          <button
            type="button"
            className="button button--text button--small"
            aria-label={`Clear ${label.toLowerCase()}`}
            onClick={() => {
              onChange('');
              (multiline ? area : input).current?.focus();
            }}
          >
            Clear
          </button>
        )}
      </div>
      <FieldError id={id} message={error} alert={false} />
    </div>
  );
}

/** Every problem at once, announced; a way to load the artwork again when it changed meanwhile. */
function Problems({
  problems,
  innerRef,
  stale,
  reloading,
  onReload,
}: {
  problems: FieldProblem[];
  innerRef: RefObject<HTMLDivElement | null>;
  stale: boolean;
  reloading: boolean;
  onReload: () => void;
}) {
  if (problems.length === 0) return null;
  return (
    <div ref={innerRef} className="notice notice--warning edit-problems" role="alert" tabIndex={-1} data-testid="edit-problems">
      <p>
        <strong>Your changes were not sent.</strong>
      </p>
      <ul>
        {problems.map((p, i) => (
          <li key={i}>
            {p.field && p.field !== 'edits' ? `${editFieldLabel(p.field)}: ` : ''}
            {p.message}
          </li>
        ))}
      </ul>
      {stale && (
        <button type="button" className="button button--outlined button--small" disabled={reloading} onClick={onReload}>
          {reloading && <Spinner />} Reload
        </button>
      )}
    </div>
  );
}
