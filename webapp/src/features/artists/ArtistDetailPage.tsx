/** /artist/{id}: biography, country, website and their artworks. */
import { Link, useParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { Icon } from '../../components/Icon';
import { DocumentTitle, PageHeader } from '../../components/PageTitle';
import { RowLink } from '../../components/RowLink';
import { EmptyState, ErrorState, Loading, Skeleton } from '../../components/states';
import { TypeChip } from '../../components/TypeChip';
import { to } from '../../config/routes';
import { plural } from '../../lib/format';
import { useGetArtistQuery } from './artistsApi';

function safeWebsite(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}

export function ArtistDetailPage() {
  const { id = '' } = useParams();
  const { data, error, isLoading, refetch } = useGetArtistQuery(id, { skip: !id });

  if (isLoading) {
    return (
      <div className="page">
        <DocumentTitle title="Artist" />
        <Loading label="Loading artist…">
          <Skeleton lines={6} />
        </Loading>
      </div>
    );
  }
  if (error || !data) {
    const missing = !error || (isApiError(error) && (error.status === 404 || error.status === 400));
    return (
      <div className="page">
        <DocumentTitle title={missing ? 'Artist not found' : 'Artist'} />
        {missing ? (
          <EmptyState
            icon="artists"
            title="Artist not found"
            action={
              <Link className="button button--filled" to={to.artists()}>
                All artists
              </Link>
            }
          >
            <p>{`Artist with ID ${id} not found`}</p>
          </EmptyState>
        ) : (
          <ErrorState title="Could not load this artist" error={error} onRetry={() => void refetch()} />
        )}
      </div>
    );
  }

  const website = safeWebsite(data.website);
  return (
    <article className="page artist-detail">
      <PageHeader
        title={data.name}
        subtitle={[data.country, plural(data.artwork_count, 'artwork')].filter(Boolean).join(' · ')}
      />
      <div className="artist-detail__layout">
        <section className="section">
          <h2 className="section__title">Biography</h2>
          {data.biography ? <p className="prose">{data.biography}</p> : <p className="muted">No biography yet.</p>}
          <dl className="tag-list">
            {data.country && (
              <div className="tag-list__row">
                <dt>Country</dt>
                <dd>{data.country}</dd>
              </div>
            )}
            {website && (
              <div className="tag-list__row">
                <dt>Website</dt>
                <dd>
                  <a href={website} target="_blank" rel="noreferrer">
                    {new URL(website).host}
                    <Icon name="external" size={14} />
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </dd>
              </div>
            )}
            {data.provenance && (
              <div className="tag-list__row">
                <dt>Source</dt>
                <dd>
                  {data.provenance.dataset_name} ({data.provenance.licence}). {data.provenance.attribution}
                </dd>
              </div>
            )}
          </dl>
        </section>
        <section className="section">
          <h2 className="section__title">Artworks</h2>
          {data.artworks.length === 0 ? (
            <p className="muted">No approved artworks by this artist yet.</p>
          ) : (
            <ul className="row-list" aria-label={`Artworks by ${data.name}`}>
              {data.artworks.map((a) => (
                <RowLink key={a.id} to={to.artwork(a.id)} title={a.title || 'Untitled'} meta={<TypeChip type={a.artwork_type} />} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </article>
  );
}
