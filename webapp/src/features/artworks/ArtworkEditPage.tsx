/**
 * /artwork/{id}/edit (signed in): propose changes to an artwork's title, description, type,
 * location, artists, details (tags) and photos (the main one, those hidden), with a note to the
 * moderators. Only the fields changed
 * are sent, each with the value the page loaded. The server checks the proposal first (nothing
 * written) and its errors show at their fields; the proposal then waits for a moderator. When the
 * artwork changed meanwhile, loading it again keeps the person's changes.
 */
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useGetArtworkQuery } from '../../api/artworkApi';
import { isApiError } from '../../api/errors';
import type { ArtworkDetailDto, FieldProblem } from '../../api/types';
import { useAppDispatch } from '../../app/hooks';
import { ArtworkNotFound } from '../../components/ArtworkNotFound';
import { EDIT_MESSAGES, EditFormShell, TextField, useEditSubmission } from '../../components/EditForm';
import { LocationField, locationProblem } from '../../components/LocationField';
import { PageHeader, usePageTitle } from '../../components/PageTitle';
import { FieldError } from '../../components/SubmissionParts';
import { ErrorState, Loading } from '../../components/states';
import { SUBMISSION } from '../../config/constants';
import { to } from '../../config/routes';
import { ARTWORK_TYPES, artworkTypeLabel, isArtworkType } from '../../lib/map/artworkTypes';
import { labelForKey, OTHER_CATEGORY, TAG_CATEGORIES } from '../../lib/tagGroups';
import { toastShown } from '../../lib/ui';
import { ArtistPicker } from './ArtistPicker';
import { useProposeArtworkEditMutation, useValidateArtworkEditMutation } from './artworksApi';
import { editsFrom, rebase, valuesOf, type EditableArtwork, type EditValues } from './editModel';
import { PhotoChoices } from './PhotoChoices';
import './artworks.css';

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
  const [validate] = useValidateArtworkEditMutation();
  const [propose] = useProposeArtworkEditMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const flow = useEditSubmission({
    subject: 'artwork',
    idPrefix: `edit-${artwork.id}`,
    validate: (body) => validate({ id: artwork.id, body }).unwrap(),
    propose: (body) => propose({ id: artwork.id, body }).unwrap(),
    onSent: () => {
      dispatch(toastShown({ type: 'success', message: EDIT_MESSAGES.sent }));
      void navigate(to.artwork(artwork.id));
    },
    reload,
  });
  const { idOf, errorAt } = flow;
  const set = (patch: Partial<EditValues>) => setValues((v) => ({ ...v, ...patch }));
  const setTag = (key: string, text: string) => setValues((v) => ({ ...v, tags: { ...v.tags, [key]: text } }));

  const submit = () => {
    const where = locationProblem(values.location);
    const local: FieldProblem[] = where ? [{ field: 'location', message: where }] : [];
    void flow.submit(editsFrom(loaded, values), local);
  };

  return (
    <div className="page page--narrow">
      <PageHeader title={`Edit ${artwork.title || 'artwork'}`} documentTitle="Edit artwork" subtitle="Moderators review every change." />
      <EditFormShell flow={flow} label="Edit artwork" submitLabel="Submit changes" cancelTo={to.artwork(artwork.id)} onSubmit={submit}>
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
        <PhotoChoices
          id={idOf('photos')}
          photos={loaded.photos}
          hiddenPhotos={loaded.hidden_photos ?? []}
          value={{ main_photo: values.main_photo, hidden_photos: values.hidden_photos }}
          onChange={set}
          mainError={errorAt('main_photo')}
          hiddenError={errorAt('hidden_photos')}
        />
      </EditFormShell>
    </div>
  );
}
