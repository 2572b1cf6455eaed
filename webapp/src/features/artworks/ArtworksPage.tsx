/** /artworks: every approved artwork, paged and sortable; page and sort live in the URL. */
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageTitle';
import { Pagination } from '../../components/Pagination';
import { CardSkeletonGrid, EmptyState, ErrorState } from '../../components/states';
import { PAGINATION } from '../../config/constants';
import { plural } from '../../lib/format';
import { ArtworkCard } from './ArtworkCard';
import { ARTWORK_SORT_LABELS, ARTWORK_SORTS, useGetArtworksQuery, type ArtworkSort } from './artworksApi';

function readPage(v: string | null): number {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? n : PAGINATION.defaultPage;
}

function readSort(v: string | null): ArtworkSort {
  return (ARTWORK_SORTS as readonly string[]).includes(v ?? '') ? (v as ArtworkSort) : 'updated_desc';
}

export function ArtworksPage() {
  const [params, setParams] = useSearchParams();
  const page = readPage(params.get('page'));
  const sort = readSort(params.get('sort'));
  const { data, error, isLoading, isFetching, refetch } = useGetArtworksQuery({
    page,
    limit: PAGINATION.defaultLimit,
    sort,
  });

  const update = (next: { page?: number; sort?: ArtworkSort }) => {
    const p = new URLSearchParams(params);
    const np = next.page ?? page;
    const ns = next.sort ?? sort;
    if (np === 1) p.delete('page');
    else p.set('page', String(np));
    if (ns === 'updated_desc') p.delete('sort');
    else p.set('sort', ns);
    setParams(p);
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="page">
      <PageHeader
        title="Artworks"
        subtitle={data ? plural(data.pagination.total, 'artwork') : 'Public art in the registry'}
        actions={
          <label className="field field--inline">
            <span className="field__label">Sort by</span>
            <select value={sort} onChange={(e) => update({ sort: readSort(e.target.value), page: 1 })}>
              {ARTWORK_SORTS.map((s) => (
                <option key={s} value={s}>
                  {ARTWORK_SORT_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
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
