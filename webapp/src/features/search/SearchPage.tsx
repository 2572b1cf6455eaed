/**
 * /search/{query?}: the search box, results for the query in the path, and the photo mode of
 * the add flow (mode=photo&lat&lng): "is it one of these artworks nearby?".
 */
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Link } from 'react-router';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageTitle';
import { QueryFailure } from '../../components/QueryFailure';
import { CardSkeletonGrid, EmptyState } from '../../components/states';
import { TypeChip } from '../../components/TypeChip';
import { to } from '../../config/routes';
import { useFastUpload } from '../../lib/fastUpload';
import { formatDistance } from '../../lib/geo';
import { useArtworksNearPhotoQuery } from './searchApi';
import { SearchForm } from './SearchForm';
import { SearchResultsList } from './SearchResultsList';

export function SearchPage() {
  const { query = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const page = Math.max(1, Number(params.get('page')) || 1);

  if (params.get('mode') === 'photo') {
    const lat = Number(params.get('lat'));
    const lng = Number(params.get('lng'));
    if (Number.isFinite(lat) && Number.isFinite(lng) && params.has('lat') && params.has('lng')) {
      return <PhotoMatch lat={lat} lng={lng} />;
    }
  }

  return (
    <div className="page page--narrow">
      <PageHeader title="Search" />
      <SearchForm key={query} initial={query} onSearch={(q) => void navigate(to.search(q))} />
      {query.trim() ? (
        <SearchResultsList
          q={query}
          page={page}
          onPage={(p) => {
            const next = new URLSearchParams(params);
            next.set('page', String(p));
            setParams(next);
          }}
        />
      ) : (
        <EmptyState icon="search" title="Find public art">
          <p>Search by title, artist, material or place. Try “mural” or “bronze”.</p>
        </EmptyState>
      )}
    </div>
  );
}

function PhotoMatch({ lat, lng }: { lat: number; lng: number }) {
  const session = useFastUpload();
  const { data, error, isLoading, refetch } = useArtworksNearPhotoQuery({ lat, lon: lng });
  return (
    <div className="page page--narrow">
      <PageHeader title="Is it one of these?" documentTitle="Search" subtitle="Artworks already in the registry near where your photo was taken." />
      {session && session.photos.length > 0 && (
        <ul className="photo-strip" aria-label="Your photos">
          {session.photos.map((p) => (
            <li key={p.id}>
              <img src={p.preview} alt={p.name} />
            </li>
          ))}
        </ul>
      )}
      {isLoading ? (
        <CardSkeletonGrid count={3} label="Looking for artworks nearby…" />
      ) : error ? (
        <QueryFailure
          error={error}
          onRetry={() => void refetch()}
          title="Could not look for nearby artworks"
          unavailableTitle="Nearby search isn’t available"
          unavailableText={<p>You can still add it as a new artwork.</p>}
        />
      ) : !data || data.length === 0 ? (
        <EmptyState icon="place" title="No artworks known within 500 m">
          <p>It looks new to the registry.</p>
        </EmptyState>
      ) : (
        <ul className="row-list" aria-label="Nearby artworks">
          {data.map((a) => (
            <li key={a.id} className="row-list__item">
              <div className="row-list__link">
                <span className="row-list__text">
                  <Link to={to.artwork(a.id)} className="row-list__title">
                    {a.title || 'Untitled'}
                  </Link>
                  <span className="row-list__meta">
                    <TypeChip type={a.artwork_type} />
                    {a.distance_m != null && ` · ${formatDistance(a.distance_m)} away`}
                  </span>
                </span>
                <Link className="button button--tonal button--small" to={to.logbook(a.id)}>
                  <Icon name="check" size={16} /> This is it
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="button-row">
        <Link className="button button--filled" to={to.artworkNew()}>
          <Icon name="add" size={18} /> None of these: add a new artwork
        </Link>
      </div>
    </div>
  );
}
