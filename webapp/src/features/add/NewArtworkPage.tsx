/**
 * /artwork/new: submit an artwork the registry doesn't know. It goes to moderators as a
 * submission (POST /logbook, type new_artwork) and appears once approved.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { baseApi, envelopeOrFlat, LIST_ID } from '../../api/baseApi';
import { errorMessage } from '../../api/errors';
import type { SubmissionReceipt } from '../../api/provisional';
import { useAppDispatch } from '../../app/hooks';
import { isValidLocation, LocationField, type LatLon } from '../../components/LocationField';
import { PageHeader } from '../../components/PageTitle';
import { PhotoPicker } from '../../components/PhotoPicker';
import { isRouteMissing } from '../../components/QueryFailure';
import { Spinner } from '../../components/states';
import { to } from '../../config/routes';
import { clearFastUpload, useFastUpload } from '../../lib/fastUpload';
import { ARTWORK_TYPES, artworkTypeLabel } from '../../lib/map/artworkTypes';
import { toastShown } from '../../lib/ui';

interface NewArtwork {
  title: string;
  artwork_type: string;
  notes: string;
  lat: number;
  lon: number;
  photos: File[];
}

const newArtworkApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    submitNewArtwork: build.mutation<SubmissionReceipt, NewArtwork>({
      query: (a) => {
        const form = new FormData();
        form.append('lat', String(a.lat));
        form.append('lon', String(a.lon));
        form.append('notes', a.notes);
        form.append('type', 'new_artwork');
        form.append('title', a.title);
        form.append('artwork_type', a.artwork_type);
        for (const p of a.photos) form.append('photos', p, p.name);
        return { url: '/logbook', method: 'POST', body: form, timeoutMs: 120_000 };
      },
      transformResponse: (raw: unknown) => envelopeOrFlat<SubmissionReceipt>(raw),
      invalidatesTags: [{ type: 'Submission', id: LIST_ID }],
    }),
  }),
});

/** `?lat&lng` (from the photo search's "This is a new artwork"), when both are coordinates. */
function locationFrom(params: URLSearchParams): LatLon | null {
  const lat = Number(params.get('lat') ?? Number.NaN);
  const lon = Number(params.get('lng') ?? Number.NaN);
  const ok = params.get('lat')?.trim() && params.get('lng')?.trim() && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
  return ok ? { lat, lon } : null;
}

export function NewArtworkPage() {
  const fast = useFastUpload();
  const [title, setTitle] = useState('');
  const [type, setType] = useState<string>('other');
  const [notes, setNotes] = useState('');
  const [photos, setPhotos] = useState<File[]>(() => fast?.photos.map((p) => p.file) ?? []);
  const [params] = useSearchParams();
  const [location, setLocation] = useState<LatLon | null>(() =>
    fast?.location ? { lat: fast.location.latitude, lon: fast.location.longitude } : locationFrom(params),
  );
  const [error, setError] = useState<string | null>(null);
  const [submit, { isLoading }] = newArtworkApi.useSubmitNewArtworkMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!title.trim()) return setError('Give the artwork a title (or a short description if you don’t know it).');
    if (!isValidLocation(location)) return setError('Add where the artwork is.');
    if (photos.length === 0) return setError('Add at least one photo of the artwork.');
    try {
      await submit({ title: title.trim(), artwork_type: type, notes: notes.trim(), ...location, photos }).unwrap();
      clearFastUpload();
      dispatch(toastShown({ type: 'success', message: 'Thanks! The artwork was submitted and will appear after review.' }));
      void navigate(to.profile());
    } catch (err) {
      setError(
        isRouteMissing(err) ? 'Submitting artworks isn’t available on this server yet.' : errorMessage(err, 'Failed to submit the artwork'),
      );
    }
  };

  return (
    <div className="page page--narrow">
      <PageHeader title="New artwork" subtitle="Moderators check each submission before it appears on the map." />
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <PhotoPicker files={photos} onChange={setPhotos} />
        <label className="field">
          <span className="field__label">Title</span>
          <input value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} required />
        </label>
        <label className="field">
          <span className="field__label">Type</span>
          <select value={type} onChange={(e) => setType(e.target.value)}>
            {ARTWORK_TYPES.map((t) => (
              <option key={t} value={t}>
                {artworkTypeLabel(t)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Notes (optional)</span>
          <textarea rows={4} value={notes} maxLength={1000} onChange={(e) => setNotes(e.target.value)} />
        </label>
        <LocationField value={location} onChange={setLocation} />
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="button button--filled" disabled={isLoading}>
            {isLoading && <Spinner />} Submit artwork
          </button>
          <Link className="button button--text" to={to.map()}>
            Cancel
          </Link>
        </div>
      </form>
    </div>
  );
}
