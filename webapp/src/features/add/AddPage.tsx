/**
 * /add: the fast photo upload. Shows the chosen photos (images only) and where they were taken,
 * read from their EXIF in the browser; without that, the device's location or a point placed
 * on the map (or typed) instead. Then on to the photo search, which shows the artworks already
 * known nearby.
 */
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { Icon } from '../../components/Icon';
import { isValidLocation, LocationField, type LatLon } from '../../components/LocationField';
import { PageHeader } from '../../components/PageTitle';
import { PhotoFileInput } from '../../components/PhotoPicker';
import { Section } from '../../components/Section';
import { EmptyState, Spinner } from '../../components/states';
import { to } from '../../config/routes';
import { useT, type MessageKey } from '../../i18n';
import { announce } from '../../lib/announcer';
import {
  isImageFile,
  locationSource,
  nextPathFor,
  startFastUpload,
  updateFastUploadLocation,
  useFastUpload,
  type FastUploadSession,
} from '../../lib/fastUpload';
import { formatCoordinate } from '../../lib/geo';
import { toastShown } from '../../lib/ui';

const SOURCE_TEXT = {
  exif: 'add.location.source.exif',
  browser: 'add.location.source.browser',
  manual: 'add.location.source.manual',
} as const satisfies Record<string, MessageKey>;

export function AddPage() {
  const t = useT();
  const session = useFastUpload();
  const dispatch = useAppDispatch();
  const input = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<string[]>([]);
  const [reading, setReading] = useState(false);

  const choose = async (files: File[]) => {
    if (files.length === 0) return;
    const others = files.filter((f) => !isImageFile(f));
    setRefused(others.map((f) => f.name));
    if (others.length > 0) dispatch(toastShown({ type: 'warning', message: t('add.notImage') }));
    if (others.length === files.length) return;
    setReading(true);
    try {
      const s = await startFastUpload(files);
      announce(t('add.page.chosen', { count: s.photos.length, located: s.location ? 'yes' : 'no' }));
    } finally {
      setReading(false);
    }
  };

  return (
    <div className="page page--narrow">
      <PageHeader title={t('add.page.title')} subtitle={t('add.page.subtitle')} />
      <PhotoFileInput inputRef={input} onFiles={(files) => void choose(files)} data-testid="add-page-input" />
      {refused.length > 0 && (
        <p className="notice notice--warning" role="alert" data-testid="refused-files">
          {t('add.page.refused', { files: refused.join(', '), count: refused.length })}
        </p>
      )}
      {reading ? (
        <p role="status">
          <Spinner /> {t('add.page.reading')}
        </p>
      ) : !session || session.photos.length === 0 ? (
        <EmptyState
          icon="camera"
          title={t('add.page.emptyTitle')}
          action={
            <button type="button" className="button button--filled" onClick={() => input.current?.click()}>
              <Icon name="camera" size={18} /> {t('add.page.choose')}
            </button>
          }
        >
          <p>{t('add.page.emptyBody')}</p>
        </EmptyState>
      ) : (
        <>
          <section className="section" aria-label={t('add.page.chosenPhotos')}>
            <ul className="photo-grid">
              {session.photos.map((p) => (
                <li key={p.id}>
                  {p.preview ? (
                    <img src={p.preview} alt={p.name} />
                  ) : (
                    <span className="photo-placeholder" aria-hidden="true">
                      <Icon name="camera" size={24} />
                    </span>
                  )}
                  <span className="photo-grid__caption">
                    {p.exif.latitude !== null ? <Icon name="place" size={14} label={t('add.page.hasLocation')} /> : null}
                    {p.name}
                  </span>
                </li>
              ))}
            </ul>
            <button type="button" className="button button--text" onClick={() => input.current?.click()}>
              {t('add.page.chooseOther')}
            </button>
          </section>
          <LocationSection key={session.photos.map((p) => p.id).join(',')} session={session} />
        </>
      )}
    </div>
  );
}

function LocationSection({ session }: { session: FastUploadSession }) {
  const t = useT();
  const navigate = useNavigate();
  const start = session.location ? { lat: session.location.latitude, lon: session.location.longitude } : null;
  const [draft, setDraft] = useState<LatLon | null>(start);
  const [editing, setEditing] = useState(!start);
  const source = locationSource(session);
  const at = session.location;

  const onChange = (v: LatLon | null) => {
    setDraft(v);
    updateFastUploadLocation(isValidLocation(v) ? { latitude: v.lat, longitude: v.lon } : null);
  };

  return (
    <>
      <Section titleId="add-location-title" title={t('add.location.title')}>
        {at && source ? (
          <p data-testid="add-location">
            <Icon name="place" size={18} /> {formatCoordinate(at.latitude)}, {formatCoordinate(at.longitude)}
            <span className="muted"> ({t(SOURCE_TEXT[source])})</span>
          </p>
        ) : (
          <p>{t('add.location.none')}</p>
        )}
        {editing ? (
          <LocationField
            legend={t('add.location.legend')}
            value={draft}
            onChange={onChange}
            withMap
            onDeviceLocation={(r) =>
              r.at
                ? updateFastUploadLocation(
                    { latitude: r.at.lat, longitude: r.at.lon },
                    { detected: true, error: null, coordinates: { latitude: r.at.lat, longitude: r.at.lon } },
                  )
                : updateFastUploadLocation(session.location, { detected: false, error: r.error, coordinates: null })
            }
          />
        ) : (
          <button type="button" className="button button--text" onClick={() => setEditing(true)}>
            {t('add.location.change')}
          </button>
        )}
      </Section>
      <div className="button-row">
        <button
          type="button"
          className="button button--filled"
          disabled={!at}
          onClick={() => void navigate(nextPathFor(session))}
          data-testid="find-nearby"
        >
          {t('add.location.findNearby')}
        </button>
        <Link
          className="button button--text"
          to={to.artworkNew(at ? { lat: at.latitude, lng: at.longitude } : undefined)}
        >
          {t('add.location.skip')}
        </Link>
      </div>
    </>
  );
}
