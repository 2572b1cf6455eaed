/** /search/results?q=…: results for the query parameter q. */
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageTitle';
import { EmptyState } from '../../components/states';
import { to } from '../../config/routes';
import { SearchForm } from './SearchForm';
import { SearchResultsList } from './SearchResultsList';

export function SearchResultsPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  return (
    <div className="page page--narrow">
      <PageHeader title="Search results" />
      <SearchForm key={q} initial={q} onSearch={(next) => void navigate(to.searchResults(next))} />
      {q.trim() ? (
        <SearchResultsList
          q={q}
          page={page}
          onPage={(p) => {
            const next = new URLSearchParams(params);
            next.set('page', String(p));
            setParams(next);
          }}
        />
      ) : (
        <EmptyState icon="search" title="What are you looking for?">
          <p>Type a title, an artist or a place above.</p>
        </EmptyState>
      )}
    </div>
  );
}
