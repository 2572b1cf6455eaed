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
import { plural } from '../../lib/format';
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
  const text = q.trim();
  const { data, error, isLoading, isFetching, refetch } = useSearchQuery({ q: text, page }, { skip: !text });
  const countId = useId();
  if (!text) return null;
  if (isLoading) return <CardSkeletonGrid count={4} label="Searching…" />;
  if (error) {
    return <ErrorState title="Search failed" error={error} onRetry={() => void refetch()} />;
  }
  if (!data) return null;

  const filters = data.tags.length > 0 && (
    <TagFilters tags={data.tags} onRemove={(t) => onQuery(withoutTag(data.query, data.tags, t))} />
  );

  if (data.results.length === 0) {
    return (
      <>
        {filters}
        {data.total > 0 && page > 1 ? (
          <EmptyState
            icon="search"
            title={`No more results for "${text}"`}
            action={
              <button type="button" className="button button--outlined" onClick={() => onPage(1)}>
                Back to the first page
              </button>
            }
          >
            <p>There are {plural(data.total, 'result')} on earlier pages.</p>
          </EmptyState>
        ) : (
          <EmptyState icon="search" title={`No results for "${text}"`}>
            <ul className="hint-list">
              <li>Check the spelling, or try fewer or more general words.</li>
              <li>Search for an artist’s name, a title, or a type such as “mural” or “statue”.</li>
              <li>
                Filter by tag with <code>tag:key:value</code>, for example <code>tag:material:bronze</code>.
              </li>
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
        {plural(data.total, 'result')} for “{text}”
        {totalPages > 1 && <span className="muted"> · page {page} of {totalPages}</span>}
      </p>
      {filters}
      <ul className="result-list" aria-label="Search results">
        {data.results.map((r) => (
          <SearchResultCard key={`${r.kind}-${r.id}`} result={r} />
        ))}
      </ul>
      <Pagination page={page} totalPages={totalPages} onPage={onPage} label="Result pages" />
    </section>
  );
}

function TagFilters({ tags, onRemove }: { tags: TagFilterDto[]; onRemove: (tag: TagFilterDto) => void }) {
  return (
    <ul className="filter-chips" aria-label="Tag filters">
      {tags.map((t) => (
        <li key={tagToken(t)} className="chip filter-chip">
          <Icon name="list" size={14} />
          {tagLabel(t)}
          <button
            type="button"
            className="filter-chip__remove"
            onClick={() => onRemove(t)}
            aria-label={`Remove filter ${tagLabel(t)}`}
          >
            <Icon name="close" size={14} />
          </button>
        </li>
      ))}
    </ul>
  );
}

export function SearchResultCard({ result: r }: { result: SearchResultDto }) {
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
            <Link to={href}>{r.title || 'Untitled'}</Link>
          </h2>
          <p className="result-card__meta">
            <span className="chip chip--small">{isArtist ? 'Artist' : 'Artwork'}</span>
            {!isArtist && r.artwork_type && <TypeChip type={r.artwork_type} />}
            {r.place && (
              <span className="result-card__place">
                <Icon name="place" size={14} /> {r.place}
              </span>
            )}
            {r.distance_m != null && <span>{formatDistance(r.distance_m)} away</span>}
          </p>
          {r.artist_names.length > 0 && <p className="result-card__artists">by {r.artist_names.join(', ')}</p>}
          {r.description && <p className="result-card__snippet">{r.description}</p>}
        </div>
      </article>
    </li>
  );
}
