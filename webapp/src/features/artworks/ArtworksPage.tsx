/** /artworks: every approved artwork, paged and sortable; page and sort live in the URL. */
import { ArtworkCard } from '../../components/ArtworkCard';
import { PageHeader } from '../../components/PageTitle';
import { Pagination } from '../../components/Pagination';
import { SortSelect } from '../../components/SortSelect';
import { CardSkeletonGrid, EmptyState, ErrorState } from '../../components/states';
import { PAGINATION } from '../../config/constants';
import { plural } from '../../lib/format';
import { useSortedPageParams } from '../../lib/urlParams';
import { ARTWORK_SORT_LABELS, ARTWORK_SORTS, useGetArtworksQuery, type ArtworkSort } from './artworksApi';

export function ArtworksPage() {
  const { page, sort, update } = useSortedPageParams<ArtworkSort>(ARTWORK_SORTS, 'updated_desc');
  const { data, error, isLoading, isFetching, refetch } = useGetArtworksQuery({
    page,
    limit: PAGINATION.defaultLimit,
    sort,
  });

  return (
    <div className="page">
      <PageHeader
        title="Artworks"
        subtitle={data ? plural(data.pagination.total, 'artwork') : 'Public art in the registry'}
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
      {isLoading ? (
        <CardSkeletonGrid label="Loading artworks…" />
      ) : error ? (
        <ErrorState title="Could not load artworks" error={error} onRetry={() => void refetch()} />
      ) : !data || data.artworks.length === 0 ? (
        <EmptyState icon="artworks" title={page > 1 ? 'No artworks on this page' : 'No artworks yet'}>
          {page > 1 ? (
            <button type="button" className="button button--text" onClick={() => update({ page: 1 })}>
              Back to the first page
            </button>
          ) : (
            <p>Artworks appear here once they are added and approved.</p>
          )}
        </EmptyState>
      ) : (
        <>
          <ul className="card-grid" aria-busy={isFetching} aria-label="Artworks">
            {data.artworks.map((a) => (
              <ArtworkCard key={a.id} artwork={a} />
            ))}
          </ul>
          <Pagination
            page={data.pagination.page}
            totalPages={data.pagination.total_pages}
            onPage={(p) => update({ page: p })}
            label="Artwork pages"
          />
        </>
      )}
    </div>
  );
}
