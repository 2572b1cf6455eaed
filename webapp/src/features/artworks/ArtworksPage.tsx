/**
 * /artworks: every approved artwork, paged and sortable, filtered by type, place (a city or an
 * area of it, as GET /places names them) and photo; page, sort and filters live in the URL.
 */
import { citiesOf, placeName, useGetPlacesQuery } from '../../api/placesApi';
import type { Place } from '../../api/types';
import { ArtworkCard } from '../../components/ArtworkCard';
import { ArtworkTypeSelect } from '../../components/ArtworkTypeSelect';
import { PageHeader } from '../../components/PageTitle';
import { PagedList } from '../../components/Pagination';
import { SortSelect } from '../../components/SortSelect';
import { CardSkeletonGrid, EmptyState, ErrorState } from '../../components/states';
import { PAGINATION } from '../../config/constants';
import { useT } from '../../i18n';
import { formatNumber } from '../../lib/format';
import { isArtworkType } from '../../lib/map/artworkTypes';
import { useFilterParams, useSortedPageParams } from '../../lib/urlParams';
import { ARTWORK_SORT_LABELS, ARTWORK_SORTS, useGetArtworksQuery, type ArtworkSort } from './artworksApi';
import './artworks.css';

const named = (raw: string) => raw.trim() || null;

/** `?type=mural&city=Vancouver&area=Downtown&photo=1`: what each parameter may hold. */
const FILTERS = {
  type: (raw: string) => (isArtworkType(raw) ? raw : null),
  city: named,
  area: named,
  photo: (raw: string) => (raw === '1' ? raw : null),
};

/** The place select's value for no place; a place's is its name ("Downtown, Vancouver"). */
const EVERYWHERE = '';

/** The place the URL names when it is one of `places` (an area within its city), else null. */
function knownPlace(places: Place[] | undefined, city: string | null, area: string | null): Place | null {
  if (!places || !city) return null;
  return places.find((p) => p.city === city && (p.area ?? null) === area) ?? null;
}

export function ArtworksPage() {
  const t = useT();
  const { page, sort, update } = useSortedPageParams<ArtworkSort>(ARTWORK_SORTS, 'updated_desc');
  const { filters, set: setParams, clear } = useFilterParams(FILTERS);
  const places = useGetPlacesQuery();
  const place = knownPlace(places.data, filters.city, filters.area);
  // A place in the URL counts once the places say it is one (an unknown one is ignored, and goes
  // at the next change), so the list waits for them; if they cannot be loaded, none counts.
  const placePending = Boolean(filters.city) && places.isLoading;
  const set = (changes: Parameters<typeof setParams>[0]) =>
    setParams(placePending ? changes : { city: place?.city ?? null, area: place?.area ?? null, ...changes });
  const type = filters.type ?? undefined;
  const hasPhoto = filters.photo === '1';
  const filtered = Boolean(type || place || hasPhoto);

  const { data, error, isLoading, isFetching, refetch } = useGetArtworksQuery(
    {
      page,
      limit: PAGINATION.defaultLimit,
      sort,
      type,
      hasPhoto: hasPhoto || undefined,
      city: place?.city,
      area: place?.area ?? undefined,
    },
    { skip: placePending },
  );

  const clearButton = (
    <button type="button" className="button button--text" onClick={clear}>
      {t('artworks.index.clearFilters')}
    </button>
  );

  return (
    <div className="page">
      <PageHeader
        title={t('artworks.index.title')}
        subtitle={data ? t('common.artworks', { count: data.pagination.total }) : t('artworks.index.subtitle')}
        actions={
          <SortSelect
            className="field field--inline"
            value={sort}
            sorts={ARTWORK_SORTS}
            labels={ARTWORK_SORT_LABELS}
            onChange={(s) => update({ sort: s, page: 1 })}
          />
        }
      />
      <div className="toolbar artwork-filters" role="group" aria-label={t('artworks.index.filters')}>
        <ArtworkTypeSelect label={t('artworks.index.type')} value={type ?? null} onChange={(t) => set({ type: t })} />
        <label className="field">
          <span className="field__label">{t('artworks.index.place')}</span>
          <select
            value={place ? placeName(place) : EVERYWHERE}
            disabled={places.isLoading}
            onChange={(e) => {
              const p = places.data?.find((x) => placeName(x) === e.target.value);
              set({ city: p?.city ?? null, area: p?.area ?? null });
            }}
          >
            <option value={EVERYWHERE}>{t('artworks.index.everywhere')}</option>
            {places.data &&
              citiesOf(places.data).map(({ city, areas }) => (
                <optgroup key={city.city} label={city.city}>
                  <option value={placeName(city)}>
                    {t('artworks.index.allOfCity', { city: city.city, count: city.artworks })}
                  </option>
                  {areas.map((a) => (
                    <option key={placeName(a)} value={placeName(a)}>
                      {a.area} ({formatNumber(a.artworks)})
                    </option>
                  ))}
                </optgroup>
              ))}
          </select>
        </label>
        <label className="checkbox artwork-filters__photo">
          <input type="checkbox" checked={hasPhoto} onChange={(e) => set({ photo: e.target.checked ? '1' : null })} />
          {t('artworks.index.withPhoto')}
        </label>
        {filtered && clearButton}
      </div>
      {isLoading || placePending ? (
        <CardSkeletonGrid label={t('artworks.index.loading')} />
      ) : error ? (
        <ErrorState title={t('artworks.index.failed')} error={error} onRetry={() => void refetch()} />
      ) : !data || data.artworks.length === 0 ? (
        page > 1 ? (
          <EmptyState icon="artworks" title={t('artworks.index.emptyPage')}>
            <button type="button" className="button button--text" onClick={() => update({ page: 1 })}>
              {t('artworks.index.firstPage')}
            </button>
          </EmptyState>
        ) : filtered ? (
          <EmptyState icon="artworks" title={t('artworks.index.noMatch')}>
            {clearButton}
          </EmptyState>
        ) : (
          <EmptyState icon="artworks" title={t('artworks.index.empty')}>
            <p>{t('artworks.index.emptyBody')}</p>
          </EmptyState>
        )
      ) : (
        <PagedList className="card-grid" label={t('artworks.index.list')} busy={isFetching} pagination={data.pagination} onPage={(p) => update({ page: p })} pagesLabel={t('artworks.index.pages')}>
          {data.artworks.map((a) => (
            <ArtworkCard key={a.id} artwork={a} />
          ))}
        </PagedList>
      )}
    </div>
  );
}
