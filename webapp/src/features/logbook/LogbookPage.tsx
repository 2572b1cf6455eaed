/** /logbook/{artworkId}: log a visit with photos and a note; it is reviewed before it shows. */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useGetArtworkQuery } from '../../api/artworkApi';
import { errorMessage } from '../../api/errors';
import { useAppDispatch } from '../../app/hooks';
import { isValidLocation, LocationField, type LatLon } from '../../components/LocationField';
import { PageHeader } from '../../components/PageTitle';
import { PhotoPicker } from '../../components/PhotoPicker';
import { isRouteMissing } from '../../components/QueryFailure';
import { Loading, Spinner } from '../../components/states';
import { to } from '../../config/routes';
import { useFastUpload } from '../../lib/fastUpload';
import { toastShown } from '../../lib/ui';
import { useSubmitLogbookMutation } from './logbookApi';

export function LogbookPage() {
  const { artworkId = '' } = useParams();
  const { data: artwork, isLoading } = useGetArtworkQuery(artworkId, { skip: !artworkId });
  const fast = useFastUpload();
  const [photos, setPhotos] = useState<File[]>(() => fast?.photos.map((p) => p.file) ?? []);
  const [notes, setNotes] = useState('');
  const [location, setLocation] = useState<LatLon | null>(() =>
    fast?.location ? { lat: fast.location.latitude, lon: fast.location.longitude } : null,
  );
  const [error, setError] = useState<string | null>(null);
  const [submit, { isLoading: sending }] = useSubmitLogbookMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const where = isValidLocation(location) ? location : artwork ? { lat: artwork.lat, lon: artwork.lon } : null;
    if (!where) {
      setError('Add a location for your visit.');
      return;
    }
    if (photos.length === 0) {
      setError('Add at least one photo of the artwork.');
      return;
    }
    try {
      await submit({ ...where, notes: notes.trim(), type: 'logbook', artworkId, photos }).unwrap();
      dispatch(toastShown({ type: 'success', message: 'Thanks! Your visit was logged and will appear after review.' }));
      void navigate(to.artwork(artworkId));
    } catch (err) {
      setError(
        isRouteMissing(err) ? 'Logging visits isn’t available on this server yet.' : errorMessage(err, 'Failed to log your visit'),
      );
    }
  };

  return (
    <div className="page page--narrow">
      <PageHeader
        title="Log a visit"
        subtitle={
          isLoading ? (
            <Loading label="Loading artwork…" />
          ) : artwork ? (
            <>
              to <Link to={to.artwork(artwork.id)}>{artwork.title || 'Untitled'}</Link>
            </>
          ) : null
        }
      />
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <PhotoPicker files={photos} onChange={setPhotos} />
        <label className="field">
          <span className="field__label">Notes (optional)</span>
          <textarea rows={4} value={notes} maxLength={1000} onChange={(e) => setNotes(e.target.value)} />
        </label>
        <LocationField value={location} onChange={setLocation} />
        <p className="muted small">Without a location, the artwork’s own location is used.</p>
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="button button--filled" disabled={sending}>
            {sending && <Spinner />} Submit visit
          </button>
          <Link className="button button--text" to={artworkId ? to.artwork(artworkId) : to.map()}>
            Cancel
          </Link>
        </div>
      </form>
    </div>
  );
}
