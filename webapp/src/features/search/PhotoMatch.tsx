/**
 * The photo mode of the add flow (/search?mode=photo&source=fast-upload&lat&lng): the photos
 * just chosen, and the artworks already known within 500 m of where they were taken, nearest
 * first. Each can get a logbook visit; otherwise "This is a new artwork" goes on to
 * /artwork/new at the same place.
 */
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageTitle';
import { CardSkeletonGrid, EmptyState, ErrorState } from '../../components/states';
import { TypeChip } from '../../components/TypeChip';
import { NEARBY } from '../../config/constants';
import { to } from '../../config/routes';
import { useT } from '../../i18n';
import { readStoredFastUpload, useFastUpload, type Coordinates } from '../../lib/fastUpload';
import { formatDistance } from '../../lib/geo';
import { photoSource } from '../../lib/images';
import { useArtworksNearPhotoQuery } from './searchApi';
import type { Candidate } from './searchQuery';

interface ShownPhoto {
  id: string;
  name: string;
  /** An object URL of the file: only while the page that chose it is open. */
  preview: string | null;
}

function coordinate(raw: string | null, max: number): number | null {
  if (raw === null || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) && Math.abs(n) <= max ? n : null;
}

/** Where the photos were taken: the URL's lat/lng, else the session's location. */
function photoLocation(params: URLSearchParams, fallback: Coordinates | null): { lat: number; lng: number } | null {
  const lat = coordinate(params.get('lat'), 90);
  const lng = coordinate(params.get('lng'), 180);
  if (lat !== null && lng !== null) return { lat, lng };
  return fallback ? { lat: fallback.latitude, lng: fallback.longitude } : null;
}

export function PhotoMatch() {
  const t = useT();
  const [params] = useSearchParams();
  const live = useFastUpload();
  // After a reload only the stored part is left: names and locations, no files or previews.
  const [stored] = useState(readStoredFastUpload);
  const photos: ShownPhoto[] = live
    ? live.photos.map((p) => ({ id: p.id, name: p.name, preview: p.preview || null }))
    : (stored?.photos.map((p) => ({ id: p.id, name: p.name, preview: null })) ?? []);
  const at = photoLocation(params, live?.location ?? stored?.location ?? null);

  return (
    <div className="page page--narrow">
      <PageHeader
        title={t('search.photo.title')}
        documentTitle={t('search.title')}
        subtitle={t('search.photo.subtitle')}
      />
      {photos.length > 0 && <PhotoStrip photos={photos} />}
      {at ? (
        <Candidates at={at} />
      ) : (
        <EmptyState
          icon="place"
          title={t('search.photo.noLocation')}
          action={
            <Link className="button button--filled" to={to.add()}>
              <Icon name="place" size={18} /> {t('search.photo.addLocation')}
            </Link>
          }
        >
          <p>{t('search.photo.noLocationBody')}</p>
        </EmptyState>
      )}
    </div>
  );
}

function PhotoStrip({ photos }: { photos: ShownPhoto[] }) {
  const t = useT();
  return (
    <section className="photo-match__photos" aria-label={t('search.photo.yourPhotos')}>
      <ul className="photo-strip">
        {photos.map((p) => (
          <li key={p.id}>
            {p.preview ? (
              <img src={p.preview} alt={t('search.photo.yourPhoto', { name: p.name })} />
            ) : (
              <span className="photo-strip__placeholder" title={p.name}>
                <Icon name="camera" size={24} />
                <span className="photo-strip__name">{p.name}</span>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Candidates({ at }: { at: { lat: number; lng: number } }) {
  const t = useT();
  const { data, error, isLoading, isFetching, refetch } = useArtworksNearPhotoQuery({ lat: at.lat, lon: at.lng });
  const countId = useId();
  const newArtwork = (
    <div className="photo-match__new">
      <Link className="button button--filled photo-match__new-button" to={to.artworkNew(at)} data-testid="photo-match-new-artwork">
        <Icon name="add" size={20} /> {t('search.photo.newArtwork')}
      </Link>
      <p className="muted small">{t('search.photo.newArtworkHint')}</p>
    </div>
  );

  if (isLoading) {
    return (
      <>
        {newArtwork}
        <CardSkeletonGrid count={3} label={t('search.photo.looking')} />
      </>
    );
  }
  if (error) {
    return (
      <>
        {newArtwork}
        <ErrorState title={t('search.photo.lookFailed')} error={error} onRetry={() => void refetch()} />
      </>
    );
  }
  if (!data || data.length === 0) {
    return (
      <>
        {newArtwork}
        <EmptyState icon="place" title={t('search.photo.noneNear', { distance: formatDistance(NEARBY.defaultRadius) })}>
          <p>{t('search.photo.noneNearBody')}</p>
        </EmptyState>
      </>
    );
  }
  return (
    <>
      {newArtwork}
      <section className="photo-match__candidates" aria-labelledby={countId} aria-busy={isFetching}>
        <h2 id={countId} className="photo-match__count">
          {t('search.photo.count', { count: data.length, distance: formatDistance(NEARBY.defaultRadius) })}
        </h2>
        <ol className="candidate-list" aria-label={t('search.photo.nearby')}>
          {data.map((a) => (
            <CandidateRow key={a.id} artwork={a} />
          ))}
        </ol>
      </section>
    </>
  );
}

function CandidateRow({ artwork: a }: { artwork: Candidate }) {
  const t = useT();
  const first = a.photos[0];
  const thumb = first ? photoSource(first, 'thumbnail') : null;
  const title = a.title || t('search.untitled');
  return (
    <li className="candidate">
      {thumb ? (
        <img className="candidate__media" src={thumb.src} alt="" loading="lazy" />
      ) : (
        <span className="candidate__media candidate__media--placeholder" aria-hidden="true">
          <Icon name="artworks" size={24} />
        </span>
      )}
      <div className="candidate__body">
        <h3 className="candidate__title">
          <Link to={to.artwork(a.id)}>{title}</Link>
        </h3>
        <p className="candidate__meta">
          <TypeChip type={a.artwork_type} />
          <span>{t('search.away', { distance: formatDistance(a.distance_m) })}</span>
        </p>
      </div>
      <Link
        className="button button--tonal button--small candidate__action"
        to={to.logbook(a.id)}
        aria-label={t('search.photo.logVisitTo', { title })}
      >
        <Icon name="check" size={16} /> {t('search.photo.logVisit')}
      </Link>
    </li>
  );
}
