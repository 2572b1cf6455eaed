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

export const NOT_IMAGE_MESSAGE = 'Only image files can be added';

const SOURCE_TEXT = { exif: 'from your photo', browser: 'from your device', manual: 'placed by you' } as const;

export function AddPage() {
  const session = useFastUpload();
  const dispatch = useAppDispatch();
  const input = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState<string[]>([]);
  const [reading, setReading] = useState(false);

  const choose = async (files: File[]) => {
    if (files.length === 0) return;
    const others = files.filter((f) => !isImageFile(f));
    setRefused(others.map((f) => f.name));
    if (others.length > 0) dispatch(toastShown({ type: 'warning', message: NOT_IMAGE_MESSAGE }));
    if (others.length === files.length) return;
    setReading(true);
    try {
      const s = await startFastUpload(files);
      const n = s.photos.length;
      announce(
        `${n === 1 ? '1 photo' : `${n} photos`} chosen. ${s.location ? 'Location found in the photo.' : 'No location in the photos.'}`,
      );
    } finally {
      setReading(false);
    }
  };

  return (
    <div className="page page--narrow">
      <PageHeader title="Add artwork" subtitle="Start with a photo. We’ll check whether the artwork is already in the registry." />
      <PhotoFileInput inputRef={input} onFiles={(files) => void choose(files)} data-testid="add-page-input" />
      {refused.length > 0 && (
        <p className="notice notice--warning" role="alert" data-testid="refused-files">
          {NOT_IMAGE_MESSAGE}: {refused.join(', ')} {refused.length === 1 ? 'was' : 'were'} left out.
        </p>
      )}
      {reading ? (
        <p role="status">
          <Spinner /> Reading your photos…
        </p>
      ) : !session || session.photos.length === 0 ? (
        <EmptyState
          icon="camera"
          title="Choose photos of the artwork"
          action={
            <button type="button" className="button button--filled" onClick={() => input.current?.click()}>
              <Icon name="camera" size={18} /> Choose photos
            </button>
          }
        >
          <p>Photos taken on a phone usually carry their location, which finds the artwork for you.</p>
        </EmptyState>
      ) : (
        <>
          <section className="section" aria-label="Chosen photos">
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
                    {p.exif.latitude !== null ? <Icon name="place" size={14} label="Has location" /> : null}
                    {p.name}
                  </span>
                </li>
              ))}
            </ul>
            <button type="button" className="button button--text" onClick={() => input.current?.click()}>
              Choose different photos
            </button>
          </section>
          <LocationSection key={session.photos.map((p) => p.id).join(',')} session={session} />
        </>
      )}
    </div>
  );
}

function LocationSection({ session }: { session: FastUploadSession }) {
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
      <Section titleId="add-location-title" title="Location">
        {at && source ? (
          <p data-testid="add-location">
            <Icon name="place" size={18} /> {formatCoordinate(at.latitude)}, {formatCoordinate(at.longitude)}
            <span className="muted"> ({SOURCE_TEXT[source]})</span>
          </p>
        ) : (
          <p>None of these photos says where it was taken. Use your device’s location, or place the artwork on the map.</p>
        )}
        {editing ? (
          <LocationField
            legend="Where is the artwork?"
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
            Change the location
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
          Find nearby artworks
        </button>
        <Link
          className="button button--text"
          to={to.artworkNew(at ? { lat: at.latitude, lng: at.longitude } : undefined)}
        >
          Skip: it’s a new artwork
        </Link>
      </div>
    </>
  );
}
