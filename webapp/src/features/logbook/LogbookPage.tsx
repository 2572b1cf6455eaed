/**
 * /logbook/{artworkId}: log a visit with photos, the artwork's condition and a note
 * (POST /logbook, type logbook). It is reviewed before it shows in the artwork's logbook.
 */
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useGetArtworkQuery } from '../../api/artworkApi';
import { isApiError } from '../../api/errors';
import { CONDITIONS, type Condition } from '../../api/types';
import { ArtworkNotFound } from '../../components/ArtworkNotFound';
import { LocationField, locationProblem, type LatLon } from '../../components/LocationField';
import { PageHeader } from '../../components/PageTitle';
import { PhotoImage } from '../../components/PhotoImage';
import { PhotoPicker } from '../../components/PhotoPicker';
import { ValueOptions } from '../../components/Select';
import {
  consentMessage,
  ConsentField,
  FieldWithError,
  noteTooLongMessage,
  NoteField,
  ContributionOutcomeView,
  SubmitActions,
} from '../../components/SubmissionParts';
import { useSentReceipt, useSubmitContribution, type FieldErrors } from '../../components/useSubmitContribution';
import { Loading } from '../../components/states';
import { SUBMISSION } from '../../config/constants';
import { to } from '../../config/routes';
import { useT, type MessageKey } from '../../i18n';
import { useFastUpload } from '../../lib/fastUpload';
import { photoProblem } from '../../lib/photoRules';

/** Each condition's words (catalogue keys). */
export const CONDITION_LABELS: Record<Condition, MessageKey> = {
  good: 'logbook.condition.good',
  fair: 'logbook.condition.fair',
  poor: 'logbook.condition.poor',
  damaged: 'logbook.condition.damaged',
  missing: 'logbook.condition.missing',
};

type Field = 'photos' | 'notes' | 'condition' | 'location' | 'consent';

/** The server's `details.field` → the form's field (beyond photos, notes, lat and lon). */
const SERVER_FIELDS: Record<string, Field> = { condition: 'condition' };

export function LogbookPage() {
  const t = useT();
  const { artworkId = '' } = useParams();
  const { data: artwork, error, isLoading } = useGetArtworkQuery(artworkId, { skip: !artworkId });
  const { outcome, onSent, onQueued, headingRef } = useSentReceipt();
  const title = artwork?.title || t('logbook.page.untitled');
  const missing = isApiError(error) && (error.status === 404 || error.status === 400);

  return (
    <div className="page page--narrow">
      <PageHeader
        title={t('logbook.page.title')}
        subtitle={
          isLoading ? (
            <Loading label={t('logbook.page.loading')} />
          ) : artwork ? (
            t.rich('logbook.page.subtitle', { title, link: (chunks) => <Link to={to.artwork(artwork.id)}>{chunks}</Link> })
          ) : null
        }
      />
      {missing ? (
        <ArtworkNotFound id={artworkId} />
      ) : outcome ? (
        <ContributionOutcomeView outcome={outcome} sentTitle={t('logbook.page.sentTitle')} headingRef={headingRef}>
          <Link className="button button--text" to={to.artwork(artworkId)}>
            {t('logbook.page.backTo', { title })}
          </Link>
        </ContributionOutcomeView>
      ) : (
        <>
          {artwork && artwork.photos.length > 0 && (
            <ul className="photo-strip" aria-label={t('logbook.page.photosOf', { title })}>
              {artwork.photos.slice(0, 4).map((p, i) => (
                <li key={p.key || i}>
                  <PhotoImage photo={p} size="thumbnail" alt={t('logbook.page.photoAlt', { number: i + 1, title })} />
                </li>
              ))}
            </ul>
          )}
          <LogbookForm
            artworkId={artworkId}
            artworkTitle={artwork?.title ?? null}
            artworkAt={artwork ? { lat: artwork.lat, lon: artwork.lon } : null}
            onSent={onSent}
            onQueued={onQueued}
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
  onQueued,
}: {
  artworkId: string;
  artworkTitle: string | null;
  artworkAt: LatLon | null;
} & Pick<ReturnType<typeof useSentReceipt>, 'onSent' | 'onQueued'>) {
  const t = useT();
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
  const conditionId = useId();
  const notesId = useId();

  const validate = (): FieldErrors<Field> => {
    const e: FieldErrors<Field> = {};
    const photo = photoProblem(photos, false);
    if (photo) e.photos = photo;
    else if (photos.length === 0 && !notes.trim()) e.photos = t('logbook.form.photoOrNote');
    if (notes.trim().length > SUBMISSION.noteMax) e.notes = noteTooLongMessage();
    const where = locationProblem(location);
    if (where) e.location = where;
    if (!consent && photos.length > 0) e.consent = consentMessage();
    return e;
  };

  const values: Record<Field, unknown> = { photos, notes, condition, location, consent };
  const { onSubmit, sending, errors, formError, controlProps, formRef, formErrorRef } = useSubmitContribution({
    validate,
    valueAt: (f) => values[f],
    location,
    draft: () => ({ type: 'logbook', artworkId, photos, notes, condition: condition || null, artworkTitle }),
    serverFields: SERVER_FIELDS,
    messages: { sent: t('logbook.form.sent'), failed: t('logbook.form.failed') },
    onSent,
    onQueued,
  });

  return (
    <form ref={formRef} className="form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={sending} aria-label={t('logbook.page.title')}>
      <PhotoPicker files={photos} onChange={setPhotos} error={errors.photos} max={SUBMISSION.maxPhotos} />

      <FieldWithError id={conditionId} label={t('logbook.form.condition')} error={errors.condition}>
        <select
          {...controlProps('condition', conditionId)}
          value={condition}
          onChange={(e) => setCondition(e.target.value as Condition | '')}
          data-testid="logbook-condition"
        >
          <option value="">{t('logbook.form.conditionUnsure')}</option>
          <ValueOptions values={CONDITIONS} label={(c) => t(CONDITION_LABELS[c])} />
        </select>
      </FieldWithError>

      <NoteField id={notesId} label={t('logbook.form.note')} rows={4} value={notes} onChange={setNotes} error={errors.notes} testId="logbook-notes" />

      <LocationField
        legend={t('logbook.form.where')}
        hint={t('logbook.form.whereHint')}
        value={location}
        onChange={(v) => {
          setTouched(true);
          setLocation(v);
        }}
        error={errors.location}
      />

      <ConsentField checked={consent} onChange={setConsent} error={errors.consent} />

      <SubmitActions
        label={t('logbook.form.submit')}
        testId="logbook-submit"
        cancelTo={artworkId ? to.artwork(artworkId) : to.map()}
        sending={sending}
        photos={photos.length}
        formError={formError}
        formErrorRef={formErrorRef}
      />
    </form>
  );
}
