import { Link } from 'react-router';
import { Icon } from '../../components/Icon';
import { Pagination } from '../../components/Pagination';
import { QueryFailure } from '../../components/QueryFailure';
import { CardSkeletonGrid, EmptyState } from '../../components/states';
import { TypeChip } from '../../components/TypeChip';
import { to } from '../../config/routes';
import { plural } from '../../lib/format';
import { useSearchQuery } from './searchApi';

export function SearchResultsList({ q, page, onPage }: { q: string; page: number; onPage: (p: number) => void }) {
  const { data, error, isLoading, isFetching, refetch } = useSearchQuery({ q, page }, { skip: !q.trim() });
  if (!q.trim()) return null;
  if (isLoading) return <CardSkeletonGrid count={4} label="Searching…" />;
  if (error) {
    return (
      <QueryFailure
        error={error}
        onRetry={() => void refetch()}
        title="Search failed"
        icon="search"
        unavailableTitle="Search isn’t available on this server yet"
        unavailableText={
          <p>
            Meanwhile, browse <Link to={to.artworks()}>all artworks</Link>, look artists up on the{' '}
            <Link to={to.artists()}>artists page</Link>, or explore the <Link to={to.map()}>map</Link>.
          </p>
        }
      />
    );
  }
  if (!data || data.results.length === 0) {
    return (
      <EmptyState icon="search" title={`No results for “${q.trim()}”`}>
        <p>Check the spelling, or try fewer or more general words.</p>
      </EmptyState>
    );
  }
  const totalPages = Math.max(1, Math.ceil(data.total / data.perPage));
  return (
    <section aria-label="Search results" aria-busy={isFetching}>
      <p className="muted" role="status">
        {plural(data.total, 'result')} for “{q.trim()}”
      </p>
      <ul className="row-list">
        {data.results.map((r) => (
          <li key={`${r.kind}-${r.id}`} className="row-list__item">
            <Link className="row-list__link" to={r.kind === 'artist' ? to.artist(r.id) : to.artwork(r.id)}>
              <span className="row-list__text">
                <span className="row-list__title">{r.title}</span>
                <span className="row-list__meta">
                  {r.kind === 'artist' ? <span className="chip">Artist</span> : <TypeChip type={r.artworkType ?? 'other'} />}
                  {r.subtitle && <span className="truncate"> {r.subtitle}</span>}
                </span>
              </span>
              <Icon name="chevronRight" />
            </Link>
          </li>
        ))}
      </ul>
      <Pagination page={page} totalPages={totalPages} onPage={onPage} label="Result pages" />
    </section>
  );
}
