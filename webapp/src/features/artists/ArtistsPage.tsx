/** /artists: paged, sortable, with a debounced name search; state lives in the URL. */
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageTitle';
import { Pagination } from '../../components/Pagination';
import { EmptyState, ErrorState, Loading, Skeleton } from '../../components/states';
import { PAGINATION, SEARCH_DEBOUNCE_MS } from '../../config/constants';
import { to } from '../../config/routes';
import { announce } from '../../lib/announcer';
import { plural } from '../../lib/format';
import { useDebouncedValue } from '../../lib/hooks';
import { ARTIST_SORT_LABELS, ARTIST_SORTS, useGetArtistsQuery, type ArtistSort } from './artistsApi';
import './artists.css';

function readPage(v: string | null): number {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? n : PAGINATION.defaultPage;
}

function readSort(v: string | null): ArtistSort {
  return (ARTIST_SORTS as readonly string[]).includes(v ?? '') ? (v as ArtistSort) : 'updated_desc';
}

export function ArtistsPage() {
  const [params, setParams] = useSearchParams();
  const page = readPage(params.get('page'));
  const sort = readSort(params.get('sort'));
  const urlSearch = params.get('search') ?? '';
  const [text, setText] = useState(urlSearch);
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);

  // The debounced text becomes the URL's search (back to page 1 when it changes).
  useEffect(() => {
    if (search === urlSearch.trim()) return;
    const p = new URLSearchParams(params);
    if (search) p.set('search', search);
    else p.delete('search');
    p.delete('page');
    setParams(p, { replace: true });
  }, [search, urlSearch, params, setParams]);

  const { data, error, isLoading, isFetching, refetch } = useGetArtistsQuery({
    page,
    limit: PAGINATION.defaultLimit,
    sort,
    search: urlSearch,
  });

  useEffect(() => {
    if (data && urlSearch) announce(`${plural(data.pagination.total, 'artist')} found`);
  }, [data, urlSearch]);

  const update = (next: { page?: number; sort?: ArtistSort }) => {
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
      <PageHeader title="Artists" subtitle={data ? plural(data.pagination.total, 'artist') : 'The people behind the art'} />
      <div className="toolbar" role="search">
        <label className="field field--grow">
          <span className="field__label">Search artists</span>
          <input
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Artist name"
            maxLength={100}
            autoComplete="off"
          />
        </label>
        <label className="field">
          <span className="field__label">Sort by</span>
          <select value={sort} onChange={(e) => update({ sort: readSort(e.target.value), page: 1 })}>
            {ARTIST_SORTS.map((s) => (
              <option key={s} value={s}>
                {ARTIST_SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {isLoading ? (
        <Loading label="Loading artists…">
          <Skeleton lines={8} />
        </Loading>
      ) : error ? (
        <ErrorState title="Could not load artists" error={error} onRetry={() => void refetch()} />
      ) : !data || data.artists.length === 0 ? (
        <EmptyState icon="artists" title={urlSearch ? 'No artists match your search' : 'No artists yet'}>
          {urlSearch ? <p>Try a shorter or different name.</p> : <p>Artists appear here as artworks are added.</p>}
        </EmptyState>
      ) : (
        <>
          <ul className="row-list" aria-busy={isFetching} aria-label="Artists">
            {data.artists.map((a) => (
              <li key={a.id} className="row-list__item">
                <Link to={to.artist(a.id)} className="row-list__link">
                  <span className="avatar" aria-hidden="true">
                    {a.name.trim().charAt(0).toUpperCase() || '?'}
                  </span>
                  <span className="row-list__text">
                    <span className="row-list__title">{a.name}</span>
                    <span className="row-list__meta">
                      {[a.country, plural(a.artwork_count, 'artwork')].filter(Boolean).join(' · ')}
                    </span>
                  </span>
                  <Icon name="chevronRight" />
                </Link>
              </li>
            ))}
          </ul>
          <Pagination
            page={data.pagination.page}
            totalPages={data.pagination.total_pages}
            onPage={(p) => update({ page: p })}
            label="Artist pages"
          />
        </>
      )}
    </div>
  );
}
