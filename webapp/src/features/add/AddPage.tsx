/**
 * /add: the fast photo upload. Shows the chosen photos and where they were taken; without a
 * location in the photos, the browser's location can be used instead. Then on to the photo
 * search, which shows the artworks already known nearby.
 */
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageTitle';
import { EmptyState, Spinner } from '../../components/states';
import { to } from '../../config/routes';
import {
  isImageFile,
  nextPathFor,
  startFastUpload,
  updateFastUploadLocation,
  useFastUpload,
} from '../../lib/fastUpload';
import { formatCoordinate } from '../../lib/geo';
import { getCurrentPosition, GEOLOCATION_MESSAGES } from '../../lib/geolocation';
import { toastShown } from '../../lib/ui';

export function AddPage() {
  const session = useFastUpload();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const input = useRef<HTMLInputElement>(null);
  const [locating, setLocating] = useState(false);

  const choose = async (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (input.current) input.current.value = '';
    if (files.some((f) => !isImageFile(f))) {
      dispatch(toastShown({ type: 'warning', message: 'Only image files can be added' }));
    }
    if (files.some(isImageFile)) await startFastUpload(files);
  };

  const locateWithBrowser = async () => {
    setLocating(true);
    try {
      const p = await getCurrentPosition();
      const coords = { latitude: p.latitude, longitude: p.longitude };
      updateFastUploadLocation(coords, { detected: true, error: null, coordinates: coords });
    } catch (e) {
      const message = e instanceof Error ? e.message : GEOLOCATION_MESSAGES.failed;
      updateFastUploadLocation(null, { detected: false, error: message, coordinates: null });
      dispatch(toastShown({ type: 'error', message }));
    } finally {
      setLocating(false);
    }
  };

  return (
    <div className="page page--narrow">
      <PageHeader title="Add artwork" subtitle="Start with a photo. We’ll check whether the artwork is already in the registry." />
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        onChange={(e) => void choose(e.target.files)}
        data-testid="add-page-input"
      />
      {!session || session.photos.length === 0 ? (
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
                  <img src={p.preview} alt={p.name} />
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
          <section className="section">
            <h2 className="section__title">Location</h2>
            {session.location ? (
              <p>
                <Icon name="place" size={18} /> {formatCoordinate(session.location.latitude)},{' '}
                {formatCoordinate(session.location.longitude)}
                <span className="muted">
                  {' '}
                  ({session.detectedSources.exif.detected ? 'from your photo' : 'from your device'})
                </span>
              </p>
            ) : (
              <>
                <p>None of these photos says where it was taken.</p>
                {session.detectedSources.browser.error && (
                  <p className="field__error" role="alert">
                    {session.detectedSources.browser.error}
                  </p>
                )}
                <button type="button" className="button button--outlined" onClick={() => void locateWithBrowser()} disabled={locating}>
                  {locating ? <Spinner /> : <Icon name="myLocation" size={18} />} Use my current location
                </button>
              </>
            )}
          </section>
          <div className="button-row">
            <button
              type="button"
              className="button button--filled"
              disabled={!session.location}
              onClick={() => void navigate(nextPathFor(session))}
            >
              Find nearby artworks
            </button>
            <Link className="button button--text" to={to.artworkNew()}>
              Skip: it’s a new artwork
            </Link>
          </div>
        </>
      )}
    </div>
  );
}
