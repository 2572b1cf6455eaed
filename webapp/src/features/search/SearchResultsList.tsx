/**
 * The results of one search: count, tag filter chips, result cards, pages of 20, and the
 * loading (busy), empty and error states.
 */
import { useId } from 'react';
import { Link } from 'react-router';
import type { SearchResultDto, TagFilterDto } from '../../api/types';
import { Icon } from '../../components/Icon';
import { Pagination } from '../../components/Pagination';
import { CardSkeletonGrid, EmptyState, ErrorState } from '../../components/states';
import { TypeChip } from '../../components/TypeChip';
import { to } from '../../config/routes';
import { useT } from '../../i18n';
import { formatDistance } from '../../lib/geo';
import { photoSource } from '../../lib/images';
import { useSearchQuery } from './searchApi';
import { tagLabel, tagToken, withoutTag } from './searchQuery';

export function SearchResultsList({
  q,
  page,
  onPage,
  onQuery,
}: {
  q: string;
  page: number;
  onPage: (page: number) => void;
  /** Search again with this text (after a tag filter was removed). */
  onQuery: (q: string) => void;
}) {
  const t = useT();
  const text = q.trim();
  const { data, error, isLoading, isFetching, refetch } = useSearchQuery({ q: text, page }, { skip: !text });
  const countId = useId();
  if (!text) return null;
  if (isLoading) return <CardSkeletonGrid count={4} label={t('search.results.searching')} />;
  if (error) {
    return <ErrorState title={t('search.results.failed')} error={error} onRetry={() => void refetch()} />;
  }
  if (!data) return null;

  const filters = data.tags.length > 0 && (
    <TagFilters tags={data.tags} onRemove={(tag) => onQuery(withoutTag(data.query, data.tags, tag))} />
  );

  if (data.results.length === 0) {
    return (
      <>
        {filters}
        {data.total > 0 && page > 1 ? (
          <EmptyState
            icon="search"
            title={t('search.results.noMore', { text })}
            action={
              <button type="button" className="button button--outlined" onClick={() => onPage(1)}>
                {t('search.results.firstPage')}
              </button>
            }
          >
            <p>{t('search.results.earlier', { count: data.total })}</p>
          </EmptyState>
        ) : (
          <EmptyState icon="search" title={t('search.results.none', { text })}>
            <ul className="hint-list">
              <li>{t('search.results.hintSpelling')}</li>
              <li>{t('search.results.hintNames')}</li>
              <li>{t.rich('search.results.hintTags', { code: (chunks) => <code>{chunks}</code> })}</li>
            </ul>
          </EmptyState>
        )}
      </>
    );
  }

  const { total_pages: totalPages } = data.pagination;
  return (
    <section className="search-results" aria-labelledby={countId} aria-busy={isFetching}>
      <p id={countId} className="search-results__count" role="status">
        {t('search.results.count', { count: data.total, text })}
        {totalPages > 1 && <span className="muted"> · {t('search.results.page', { page, total: totalPages })}</span>}
      </p>
      {filters}
      <ul className="result-list" aria-label={t('search.results.title')}>
        {data.results.map((r) => (
          <SearchResultCard key={`${r.kind}-${r.id}`} result={r} />
        ))}
      </ul>
      <Pagination page={page} totalPages={totalPages} onPage={onPage} label={t('search.results.pages')} />
    </section>
  );
}

function TagFilters({ tags, onRemove }: { tags: TagFilterDto[]; onRemove: (tag: TagFilterDto) => void }) {
  const t = useT();
  return (
    <ul className="filter-chips" aria-label={t('search.results.tagFilters')}>
      {tags.map((tag) => (
        <li key={tagToken(tag)} className="chip filter-chip">
          <Icon name="list" size={14} />
          {tagLabel(tag)}
          <button
            type="button"
            className="filter-chip__remove"
            onClick={() => onRemove(tag)}
            aria-label={t('search.results.removeFilter', { tag: tagLabel(tag) })}
          >
            <Icon name="close" size={14} />
          </button>
        </li>
      ))}
    </ul>
  );
}

export function SearchResultCard({ result: r }: { result: SearchResultDto }) {
  const t = useT();
  const isArtist = r.kind === 'artist';
  const href = isArtist ? to.artist(r.id) : to.artwork(r.id);
  const thumb = r.thumbnail ? photoSource(r.thumbnail, 'thumbnail') : null;
  const titleId = useId();
  return (
    <li className="result-card">
      <article className="result-card__inner" aria-labelledby={titleId}>
        {thumb ? (
          <img className="result-card__media" src={thumb.src} alt="" loading="lazy" />
        ) : (
          <span className="result-card__media result-card__media--placeholder" aria-hidden="true">
            <Icon name={isArtist ? 'artists' : 'artworks'} size={28} />
          </span>
        )}
        <div className="result-card__body">
          <h2 id={titleId} className="result-card__title">
            <Link to={href}>{r.title || t('search.untitled')}</Link>
          </h2>
          <p className="result-card__meta">
            <span className="chip chip--small">{t(isArtist ? 'search.kind.artist' : 'search.kind.title')}</span>
            {!isArtist && r.artwork_type && <TypeChip type={r.artwork_type} />}
            {r.place && (
              <span className="result-card__place">
                <Icon name="place" size={14} /> {r.place}
              </span>
            )}
            {r.distance_m != null && <span>{t('search.away', { distance: formatDistance(r.distance_m) })}</span>}
          </p>
          {r.artist_names.length > 0 && <p className="result-card__artists">{t('search.results.by', { names: r.artist_names.join(', ') })}</p>}
          {r.description && <p className="result-card__snippet">{r.description}</p>}
        </div>
      </article>
    </li>
  );
}
