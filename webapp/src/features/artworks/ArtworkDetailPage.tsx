/**
 * /artwork/{id}: photos, description, artists, tags by category, location, provenance and the
 * logbook of visits.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { isApiError } from '../../api/errors';
import type { ArtworkDetailDto as Artwork, LogbookEntryDto, PhotoDto } from '../../api/types';
import { ArtworkNotFound } from '../../components/ArtworkNotFound';
import { Icon } from '../../components/Icon';
import { MiniMap } from '../../components/MiniMap';
import { PhotoImage } from '../../components/PhotoImage';
import { DocumentTitle, PageHeader } from '../../components/PageTitle';
import { ErrorState, Loading, Skeleton } from '../../components/states';
import { TypeChip } from '../../components/TypeChip';
import { to } from '../../config/routes';
import { formatDate } from '../../lib/format';
import { formatCoordinate } from '../../lib/geo';
import { feedbackOpened } from '../../lib/ui';
import { useGetArtworkQuery } from '../../api/artworkApi';
import { photoSource } from '../../lib/images';
import { artworkTypeLabel } from '../../lib/map/artworkTypes';
import { groupTags, tagHref } from './tagGroups';
import './artworks.css';

function isMissing(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || (error.status === 400 && error.code === 'VALIDATION_ERROR'));
}

export function ArtworkDetailPage() {
  const { id = '' } = useParams();
  const { data, error, isLoading, refetch } = useGetArtworkQuery(id, { skip: !id });

  if (isLoading) {
    return (
      <div className="page">
        <DocumentTitle title="Artwork" />
        <Loading label="Loading artwork…">
          <div className="detail-skeleton">
            <span className="skeleton__block skeleton__block--tall" />
            <Skeleton lines={5} />
          </div>
        </Loading>
      </div>
    );
  }
  if (error || !data) {
    if (!error || isMissing(error)) {
      return (
        <div className="page">
          <DocumentTitle title="Artwork not found" />
          <ArtworkNotFound id={id} />
        </div>
      );
    }
    return (
      <div className="page">
        <DocumentTitle title="Artwork" />
        <ErrorState title="Could not load this artwork" error={error} onRetry={() => void refetch()} />
      </div>
    );
  }
  return <ArtworkDetail artwork={data} />;
}

function ArtworkDetail({ artwork }: { artwork: Artwork }) {
  const dispatch = useAppDispatch();
  const groups = groupTags(artwork.tags);
  const title = artwork.title || 'Untitled';
  const removed = artwork.status !== 'approved';

  return (
    <article className="page artwork-detail">
      <PageHeader
        title={title}
        subtitle={
          <span className="artwork-detail__chips">
            <TypeChip type={artwork.artwork_type} />
            {removed && <span className="chip chip--warning">{artwork.status === 'removed' ? 'Removed' : artwork.status}</span>}
          </span>
        }
        actions={
          <>
            <Link className="button button--outlined" to={to.logbook(artwork.id)} data-testid="log-visit-link">
              <Icon name="camera" size={18} /> Log a visit
            </Link>
            <Link className="button button--outlined" to={to.artworkEdit(artwork.id)}>
              Edit
            </Link>
          </>
        }
      />

      {removed && (
        <p className="notice notice--warning" role="note">
          This artwork is no longer listed. It is kept here so links to it keep working.
        </p>
      )}

      <div className="artwork-detail__layout">
        <div className="artwork-detail__main">
          {artwork.photos.length > 0 ? (
            <Gallery photos={artwork.photos} title={title} />
          ) : (
            <div className="gallery gallery--empty">
              <Icon name="camera" size={32} />
              <p>No photos yet.</p>
              <Link to={to.logbook(artwork.id)}>Add the first photo</Link>
            </div>
          )}

          {artwork.description && (
            <section className="section">
              <h2 className="section__title">About</h2>
              <p className="prose">{artwork.description}</p>
            </section>
          )}

          <section className="section">
            <h2 className="section__title">{artwork.artists.length === 1 ? 'Artist' : 'Artists'}</h2>
            {artwork.artists.length > 0 ? (
              <ul className="link-list">
                {artwork.artists.map((a) => (
                  <li key={a.id}>
                    <Link to={to.artist(a.id)}>{a.name}</Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">{artwork.tags.artist_name ?? 'Artist unknown'}</p>
            )}
          </section>

          {groups.length > 0 && (
            <section className="section">
              <h2 className="section__title">Details</h2>
              {groups.map((g) => (
                <div key={g.id} className="tag-group">
                  <h3 className="tag-group__title">{g.label}</h3>
                  <dl className="tag-list">
                    {g.tags.map((t) => {
                      const href = tagHref(t.key, t.value);
                      return (
                        <div key={t.key} className="tag-list__row">
                          <dt>{t.label}</dt>
                          <dd>
                            {href ? (
                              <a href={href} target="_blank" rel="noreferrer">
                                {t.value}
                                <span className="visually-hidden"> (opens in a new tab)</span>
                              </a>
                            ) : (
                              t.value
                            )}
                          </dd>
                        </div>
                      );
                    })}
                  </dl>
                </div>
              ))}
            </section>
          )}

          <Logbook artworkId={artwork.id} entries={artwork.logbook} title={title} />
        </div>

        <aside className="artwork-detail__side">
          <section className="section">
            <h2 className="section__title">Location</h2>
            <MiniMap lat={artwork.lat} lng={artwork.lon} title={title} type={artwork.artwork_type} />
            <p className="coordinates">
              {formatCoordinate(artwork.lat)}, {formatCoordinate(artwork.lon)}
            </p>
            <Link className="button button--text" to={`${to.map()}?lat=${artwork.lat}&lng=${artwork.lon}&zoom=17`}>
              <Icon name="map" size={18} /> Show on the map
            </Link>
          </section>

          {artwork.provenance && (
            <section className="section provenance">
              <h2 className="section__title">Source</h2>
              <dl className="tag-list">
                <div className="tag-list__row">
                  <dt>Dataset</dt>
                  <dd>
                    {artwork.provenance.source_url ? (
                      <a href={artwork.provenance.source_url} target="_blank" rel="noreferrer">
                        {artwork.provenance.dataset_name}
                        <span className="visually-hidden"> (opens in a new tab)</span>
                      </a>
                    ) : (
                      artwork.provenance.dataset_name
                    )}
                  </dd>
                </div>
                <div className="tag-list__row">
                  <dt>Licence</dt>
                  <dd>{artwork.provenance.licence}</dd>
                </div>
                <div className="tag-list__row">
                  <dt>Attribution</dt>
                  <dd>{artwork.provenance.attribution}</dd>
                </div>
              </dl>
            </section>
          )}

          <section className="section">
            <h2 className="section__title">Something wrong?</h2>
            <div className="button-row">
              <button
                type="button"
                className="button button--outlined"
                onClick={() => dispatch(feedbackOpened({ subjectType: 'artwork', subjectId: artwork.id, issueType: 'comment' }))}
              >
                <Icon name="feedback" size={18} /> Send feedback
              </button>
              <button
                type="button"
                className="button button--text"
                onClick={() => dispatch(feedbackOpened({ subjectType: 'artwork', subjectId: artwork.id, issueType: 'missing' }))}
              >
                Report as missing
              </button>
            </div>
            <p className="muted small">Last updated {formatDate(artwork.updated_at)}</p>
          </section>
        </aside>
      </div>
    </article>
  );
}

/** The photos: one large, the others as thumbnails that show it instead. */
function Gallery({ photos, title }: { photos: PhotoDto[]; title: string }) {
  const [shown, setShown] = useState(0);
  const index = Math.min(shown, photos.length - 1);
  const current = photos[index];
  if (!current) return null;
  const full = photoSource(current, 'large')?.full ?? current.large_url;
  return (
    <section aria-label="Photos" className="gallery-viewer" data-testid="artwork-gallery">
      <a href={full} className="gallery-viewer__main" target="_blank" rel="noreferrer">
        <PhotoImage
          photo={current}
          size="medium"
          alt={`Photo ${index + 1} of ${title}`}
          loading={index === 0 ? 'eager' : 'lazy'}
        />
        <span className="visually-hidden"> (opens the full size in a new tab)</span>
      </a>
      {photos.length > 1 && (
        <ul className="gallery-viewer__thumbs" aria-label="All photos">
          {photos.map((p, i) => (
            <li key={p.key || i}>
              <button
                type="button"
                className="gallery-viewer__thumb"
                aria-label={`Show photo ${i + 1} of ${photos.length}`}
                aria-pressed={i === index}
                onClick={() => setShown(i)}
              >
                <PhotoImage photo={p} size="thumbnail" alt="" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const CONDITION_TEXT: Record<string, string> = {
  good: 'Good condition',
  fair: 'Fair condition',
  poor: 'Poor condition',
  damaged: 'Damaged',
  missing: 'Reported missing',
};

/** Visits people logged, newest first. */
function Logbook({ artworkId, entries, title }: { artworkId: string; entries: LogbookEntryDto[]; title: string }) {
  return (
    <section className="section" aria-labelledby="logbook-title">
      <h2 id="logbook-title" className="section__title">
        Logbook
      </h2>
      {entries.length === 0 ? (
        <p className="muted">
          No visits logged yet. <Link to={to.logbook(artworkId)}>Log the first visit</Link>
        </p>
      ) : (
        <ol className="logbook" aria-label={`Visits to ${title}`}>
          {entries.map((e) => (
            <li key={e.id} className="logbook__entry" data-testid="logbook-entry">
              <p className="logbook__meta">
                <strong>{e.visitor.display_name}</strong>
                {formatDate(e.visited_at) && (
                  <>
                    {' · '}
                    <time dateTime={e.visited_at}>{formatDate(e.visited_at)}</time>
                  </>
                )}
                {e.condition && (
                  <span className={`chip chip--small chip--text chip--condition-${e.condition}`}>
                    {CONDITION_TEXT[e.condition] ?? artworkTypeLabel(e.condition)}
                  </span>
                )}
              </p>
              {e.note && <p className="logbook__note">{e.note}</p>}
              {e.photos.length > 0 && (
                <ul className="photo-strip" aria-label={`Photos by ${e.visitor.display_name}`}>
                  {e.photos.map((p, i) => (
                    <li key={p.key || i}>
                      <a href={p.large_url} target="_blank" rel="noreferrer">
                        <PhotoImage photo={p} size="thumbnail" alt={`Photo ${i + 1} by ${e.visitor.display_name}`} />
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
