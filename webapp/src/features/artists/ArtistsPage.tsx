/**
 * /artists: paged, sortable, with a debounced name search; state lives in the URL. A link to
 * propose an artist the registry lacks.
 */
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ARTIST_SORTS, useGetArtistsQuery, type ArtistSort } from '../../api/artistIndexApi';
import { PageHeader } from '../../components/PageTitle';
import { PagedList } from '../../components/Pagination';
import { RowLink } from '../../components/RowLink';
import { SortSelect } from '../../components/SortSelect';
import { EmptyState, QueryState } from '../../components/states';
import { PAGINATION, SEARCH_DEBOUNCE_MS } from '../../config/constants';
import { to } from '../../config/routes';
import { announce } from '../../lib/announcer';
import { t as translate, useT } from '../../i18n';
import { useDebouncedValue } from '../../lib/hooks';
import { useSortedPageParams } from '../../lib/urlParams';
import { ARTIST_SORT_LABELS } from './artistsApi';
import './artists.css';

export function ArtistsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const { page, sort, update } = useSortedPageParams<ArtistSort>(ARTIST_SORTS, 'updated_desc');
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
    if (data && urlSearch) announce(translate('artists.index.found', { count: data.pagination.total }));
  }, [data, urlSearch]);

  return (
    <div className="page">
      <PageHeader
        title={t('artists.index.title')}
        subtitle={data ? t('common.artists', { count: data.pagination.total }) : t('artists.index.subtitle')}
        actions={
          <Link className="button button--outlined" to={to.artistNew()}>
            {t('artists.index.add')}
          </Link>
        }
      />
      <div className="toolbar" role="search">
        <label className="field field--grow">
          <span className="field__label">{t('artists.index.search')}</span>
          <input
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('artists.index.searchPlaceholder')}
            maxLength={100}
            autoComplete="off"
          />
        </label>
        <SortSelect
          value={sort}
          sorts={ARTIST_SORTS}
          labels={ARTIST_SORT_LABELS}
          onChange={(s) => update({ sort: s, page: 1 })}
        />
      </div>
      <QueryState query={{ isLoading, error, refetch }} loadingLabel={t('artists.index.loading')} lines={8} failedTitle={t('artists.index.failed')}>
        {!data || data.artists.length === 0 ? (
          <EmptyState icon="artists" title={urlSearch ? t('artists.index.noMatch') : t('artists.index.empty')}>
            <p>{urlSearch ? t('artists.index.noMatchBody') : t('artists.index.emptyBody')}</p>
          </EmptyState>
        ) : (
          <PagedList className="row-list" label={t('artists.index.list')} busy={isFetching} pagination={data.pagination} onPage={(p) => update({ page: p })} pagesLabel={t('artists.index.pages')}>
            {data.artists.map((a) => (
              <RowLink
                key={a.id}
                to={to.artist(a.id)}
                before={
                  <span className="avatar" aria-hidden="true">
                    {a.name.trim().charAt(0).toUpperCase() || '?'}
                  </span>
                }
                title={a.name}
                meta={[a.country, t('common.artworks', { count: a.artwork_count })].filter(Boolean).join(' · ')}
              />
            ))}
          </PagedList>
        )}
      </QueryState>
    </div>
  );
}
