/**
 * /artwork/{id}/edit (signed in): propose changes to an artwork. The server validates them,
 * then they wait for a moderator; pending edits are listed.
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useGetArtworkQuery } from '../../api/artworkApi';
import { errorMessage } from '../../api/errors';
import type { ArtworkDto } from '../../api/types';
import { useAppDispatch } from '../../app/hooks';
import { artworkNotFoundMessage } from '../../components/ArtworkNotFound';
import { PageHeader, usePageTitle } from '../../components/PageTitle';
import { isRouteMissing } from '../../components/QueryFailure';
import { EmptyState, ErrorState, Loading, Spinner } from '../../components/states';
import { to } from '../../config/routes';
import { ARTWORK_TYPES, artworkTypeLabel, isArtworkType } from '../../lib/map/artworkTypes';
import { toastShown } from '../../lib/ui';
import { useEditArtworkMutation, useValidateArtworkEditMutation, type ArtworkEdits } from './artworksApi';
import { labelForKey, TAG_CATEGORIES } from './tagGroups';
import './artworks.css';

const EDITABLE_TAGS = TAG_CATEGORIES.flatMap((c) => c.keys).filter((k) => k !== 'tourism' && k !== 'artwork_type' && k !== 'name');

export function ArtworkEditPage() {
  const { id = '' } = useParams();
  const { data, error, isLoading, refetch } = useGetArtworkQuery(id, { skip: !id });
  usePageTitle('Edit artwork');
  if (isLoading) return <div className="page"><Loading /></div>;
  if (error || !data) {
    return (
      <div className="page">
        {error ? (
          <ErrorState error={error} onRetry={() => void refetch()} />
        ) : (
          <EmptyState title="Artwork not found">
            <p>{artworkNotFoundMessage(id)}</p>
          </EmptyState>
        )}
      </div>
    );
  }
  return <EditForm artwork={data} />;
}

export function diffEdits(artwork: Omit<ArtworkDto, 'photos'>, form: { title: string; description: string; type: string; tags: Record<string, string> }): ArtworkEdits {
  const edits: ArtworkEdits = {};
  if (form.title.trim() !== artwork.title) edits.title = form.title.trim();
  if (form.description.trim() !== (artwork.description ?? '')) edits.description = form.description.trim() || null;
  if (form.type !== artwork.artwork_type) edits.artwork_type = form.type;
  const tags: Record<string, string> = {};
  for (const [k, v] of Object.entries(form.tags)) {
    if (v.trim() !== (artwork.tags[k] ?? '')) tags[k] = v.trim();
  }
  if (Object.keys(tags).length) edits.tags = tags;
  return edits;
}

function EditForm({ artwork }: { artwork: Omit<ArtworkDto, 'photos'> }) {
  const [title, setTitle] = useState(artwork.title);
  const [description, setDescription] = useState(artwork.description ?? '');
  const [type, setType] = useState(artwork.artwork_type);
  const [tags, setTags] = useState<Record<string, string>>(() =>
    Object.fromEntries(EDITABLE_TAGS.map((k) => [k, artwork.tags[k] ?? ''])),
  );
  const [error, setError] = useState<string | null>(null);
  const [validate, { isLoading: validating }] = useValidateArtworkEditMutation();
  const [edit, { isLoading: saving }] = useEditArtworkMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const edits = diffEdits(artwork, { title, description, type, tags });
    if (Object.keys(edits).length === 0) return setError('Nothing has changed yet.');
    if (!title.trim()) return setError('The title can’t be empty.');
    try {
      await validate({ id: artwork.id, edits }).unwrap();
      await edit({ id: artwork.id, edits }).unwrap();
      dispatch(toastShown({ type: 'success', message: 'Thanks! Your changes will appear once a moderator approves them.' }));
      void navigate(to.artwork(artwork.id));
    } catch (err) {
      setError(isRouteMissing(err) ? 'Editing isn’t available on this server yet.' : errorMessage(err));
    }
  };

  const busy = validating || saving;
  return (
    <div className="page page--narrow">
      <PageHeader title={`Edit ${artwork.title || 'artwork'}`} documentTitle="Edit artwork" subtitle="Moderators review every change." />
      <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <label className="field">
          <span className="field__label">Title</span>
          <input value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} required />
        </label>
        <label className="field">
          <span className="field__label">Type</span>
          <select value={type} onChange={(e) => isArtworkType(e.target.value) && setType(e.target.value)}>
            {ARTWORK_TYPES.map((t) => (
              <option key={t} value={t}>
                {artworkTypeLabel(t)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Description</span>
          <textarea rows={5} value={description} maxLength={5000} onChange={(e) => setDescription(e.target.value)} />
        </label>
        <fieldset className="fieldset">
          <legend className="field__label">Details</legend>
          <div className="field-grid">
            {EDITABLE_TAGS.map((k) => (
              <label key={k} className="field">
                <span className="field__label">{labelForKey(k)}</span>
                <input value={tags[k] ?? ''} onChange={(e) => setTags({ ...tags, [k]: e.target.value })} />
              </label>
            ))}
          </div>
        </fieldset>
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
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
