/**
 * /artwork/{id}/edit (signed in): propose changes to an artwork's title, description, type,
 * location, artists, details (tags) and photos (the main one, those hidden), with a note to the
 * moderators. The details come by the tag schema's categories, in one column on phones and two
 * on wider screens, each with the control its kind calls for (an imported photo's address with
 * the photo). The form checks the details against the schema; only the fields changed
 * are sent, each with the value the page loaded. The server checks the proposal first (nothing
 * written) and its errors show at their fields; the proposal then waits for a moderator. When the
 * artwork changed meanwhile, loading it again keeps the person's changes.
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { useGetArtworkQuery, useProposeArtworkEditMutation, useValidateArtworkEditMutation } from '../../api/artworkApi';
import { isApiError } from '../../api/errors';
import { useGetTagSchemaQuery, useTagVocabulary } from '../../api/tagSchemaApi';
import type { ArtworkDetailDto, FieldProblem } from '../../api/types';
import { ArtistPicker, isKnownArtist } from '../../components/ArtistPicker';
import { ArtworkNotFound } from '../../components/ArtworkNotFound';
import { DetailPhoto } from '../../components/DetailPhoto';
import { describedByOf, EditFormShell, FieldFrame, TextField, useEditSubmission, useRebasedValues, useSubjectEditFlow } from '../../components/EditForm';
import { LocationField, locationProblem } from '../../components/LocationField';
import { PageHeader, usePageTitle } from '../../components/PageTitle';
import { ValueOptions } from '../../components/Select';
import { FieldWithError } from '../../components/SubmissionParts';
import { ErrorState, Loading, LoadingScreen } from '../../components/states';
import { isLongText, isWide, TagValueField } from '../../components/TagValueField';
import { SUBMISSION } from '../../config/constants';
import { to } from '../../config/routes';
import { useT } from '../../i18n';
import { ARTWORK_TYPES, artworkTypeLabel, isArtworkType } from '../../lib/map/artworkTypes';
import { FORM_FIELD_KEYS, labelForKey, PHOTO_CREDIT_KEY, photoDetail, tagValueProblem, type TagVocabulary } from '../../lib/tagGroups';
import { editsFrom, fieldValue, rebase, tagProblems, valuesOf, type EditableArtwork, type EditValues } from './editModel';
import { PhotoChoices } from './PhotoChoices';
import './artworks.css';

/** The details offered, by the schema's categories: its known keys, then (with the other details) the other keys this artwork has. */
function tagGroupsFor(tags: Record<string, string>, vocabulary: TagVocabulary) {
  const free = Object.keys(tags)
    .filter((k) => !vocabulary.definitions.has(k) && !FORM_FIELD_KEYS.has(k))
    .sort();
  return vocabulary.categories
    .map((c) => {
      const known = c.keys.filter((k) => !FORM_FIELD_KEYS.has(k));
      return { id: c.id, label: c.label, keys: c.id === vocabulary.otherId ? [...known, ...free] : known };
    })
    .filter((g) => g.keys.length > 0);
}

export function ArtworkEditPage() {
  const t = useT();
  const { id = '' } = useParams();
  const { data, error, isFetching, refetch } = useGetArtworkQuery(id, { skip: !id });
  // The details' controls follow the tag schema: the form waits for it, or for its failure (then every
  // detail is text). Once it has answered, the form stays (a failed schema is asked for again as
  // the form's parts mount, which must not take the form away).
  const schema = useGetTagSchemaQuery(undefined, { refetchOnMountOrArgChange: false });
  const [schemaAnswered, setSchemaAnswered] = useState(false);
  if (!schemaAnswered && (schema.isSuccess || schema.isError)) setSchemaAnswered(true);
  usePageTitle(t('artworks.edit.documentTitle'));
  // Once loaded, the form stays while the artwork is loaded again (a failed reload says so in the form).
  if (data && schemaAnswered) return <EditForm artwork={data} reload={() => refetch().unwrap()} />;
  if (data) return <LoadingScreen />;
  const missing = !error || (isApiError(error) && (error.status === 404 || error.status === 400));
  return (
    <div className="page">
      {isFetching ? <Loading /> : missing ? <ArtworkNotFound id={id} /> : <ErrorState error={error} onRetry={() => void refetch()} />}
    </div>
  );
}

function EditForm({ artwork, reload }: { artwork: ArtworkDetailDto; reload: () => Promise<unknown> }) {
  const t = useT();
  const { loaded, values, setValues, set } = useRebasedValues<EditableArtwork, EditValues>(artwork, valuesOf, rebase);
  const vocabulary = useTagVocabulary();
  const [validate] = useValidateArtworkEditMutation();
  const [propose] = useProposeArtworkEditMutation();
  const sending = useSubjectEditFlow({ id: artwork.id, href: to.artwork(artwork.id), validate, propose, reload });
  const flow = useEditSubmission({
    subject: 'artwork',
    ...sending,
    check: () => {
      const where = locationProblem(values.location);
      const local: FieldProblem[] = where ? [{ field: 'location', message: where }] : [];
      return [...local, ...tagProblems(loaded, values, vocabulary)];
    },
    valueAt: (field) => fieldValue(values, field),
  });
  const { idOf, errorAt } = flow;
  const setTag = (key: string, text: string) => setValues((v) => ({ ...v, tags: { ...v.tags, [key]: text } }));

  const submit = () => void flow.submit(editsFrom(loaded, values));

  return (
    <div className="page page--narrow">
      <PageHeader
        title={artwork.title ? t('artworks.edit.heading', { title: artwork.title }) : t('artworks.edit.documentTitle')}
        documentTitle={t('artworks.edit.documentTitle')}
        subtitle={t('artworks.edit.subtitle')}
      />
      <EditFormShell
        flow={flow}
        label={t('artworks.edit.documentTitle')}
        submitLabel={t('artworks.edit.submit')}
        cancelTo={to.artwork(artwork.id)}
        onSubmit={submit}
      >
        <TextField id={idOf('title')} label={t('artworks.edit.title')} value={values.title} maxLength={SUBMISSION.titleMax} required onChange={(title) => set({ title })} error={errorAt('title')} />
        <TextField
          id={idOf('description')}
          label={t('artworks.edit.description')}
          value={values.description}
          maxLength={SUBMISSION.descriptionMax}
          multiline
          clearable
          onChange={(description) => set({ description })}
          error={errorAt('description')}
        />
        <FieldWithError id={idOf('artwork_type')} label={t('artworks.edit.artworkType')} error={errorAt('artwork_type')} alert={false}>
          <select
            id={idOf('artwork_type')}
            value={values.artwork_type}
            onChange={(e) => isArtworkType(e.target.value) && set({ artwork_type: e.target.value })}
            aria-invalid={errorAt('artwork_type') ? true : undefined}
            aria-describedby={errorAt('artwork_type') ? `${idOf('artwork_type')}-error` : undefined}
          >
            <ValueOptions values={ARTWORK_TYPES} label={artworkTypeLabel} />
          </select>
        </FieldWithError>
        <LocationField
          value={values.location}
          onChange={(location) => set({ location })}
          withMap
          mapCenter={{ lat: loaded.lat, lon: loaded.lon }}
          error={errorAt('location')}
        />
        <ArtistPicker
          id={idOf('artists')}
          value={values.artists}
          onChange={(artists) => set({ artists: artists.filter(isKnownArtist) })}
          error={errorAt('artists')}
        />
        {tagGroupsFor(loaded.tags, vocabulary).map((g) => (
          <fieldset key={g.id} className="fieldset">
            <legend className="field__label">{g.label}</legend>
            <div className="field-grid">
              {g.keys.map((k) => (
                <DetailField
                  key={k}
                  id={idOf(`tag:${k}`)}
                  tagKey={k}
                  vocabulary={vocabulary}
                  loaded={loaded.tags[k] ?? ''}
                  value={values.tags[k] ?? ''}
                  onChange={(text) => setTag(k, text)}
                  error={errorAt(`tag:${k}`)}
                  photoAlt={artwork.title ? t('artworks.edit.photoOf', { title: artwork.title }) : t('artworks.edit.photoOfArtwork')}
                  credit={values.tags[PHOTO_CREDIT_KEY]}
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

/**
 * One detail: the control its definition calls for (text, whatever the kind, when the value as
 * loaded does not fit it, so that it stays as it is until changed), long text in a textarea, and
 * a photo's address with the photo above it. Wide fields (long text, addresses) take a whole row.
 */
function DetailField({
  id,
  tagKey,
  vocabulary,
  loaded,
  value,
  onChange,
  error,
  photoAlt,
  credit,
}: {
  id: string;
  tagKey: string;
  vocabulary: TagVocabulary;
  /** The value as the page loaded it. */
  loaded: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  photoAlt: string;
  credit: string | undefined;
}) {
  const definition = vocabulary.definitions.get(tagKey);
  const kind = definition?.kind.type;
  const asText = loaded !== '' && kind !== 'enum' && tagValueProblem(tagKey, loaded, vocabulary) !== null;
  const multiline = isLongText(definition, loaded);
  const photo = photoDetail(tagKey, value);
  const wide = isWide(definition, loaded) || Boolean(photo);
  return (
    <FieldFrame
      id={id}
      label={labelForKey(tagKey, vocabulary)}
      value={value}
      onClear={() => onChange('')}
      error={error}
      wide={wide}
      preview={photo ? <DetailPhoto photo={photo} alt={photoAlt} credit={credit} /> : undefined}
    >
      <TagValueField
        id={id}
        definition={definition}
        freeMax={vocabulary.freeValueMax}
        value={value}
        onChange={onChange}
        invalid={Boolean(error)}
        describedBy={describedByOf(id, undefined, error)}
        multiline={multiline}
        asText={asText}
      />
    </FieldFrame>
  );
}
