/** /search/results?q=…&page=…: the results page (SPEC §2); the query and page live in the URL. */
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageTitle';
import { EmptyState } from '../../components/states';
import { to } from '../../config/routes';
import { SearchForm } from './SearchForm';
import { SearchResultsList } from './SearchResultsList';
import { pageParam, searchText } from './searchQuery';
import './search.css';

export function SearchResultsPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const q = params.get('q') ?? '';
  const page = pageParam(params.get('page'));
  const text = searchText(q);
  return (
    <div className="page page--narrow">
      <PageHeader title="Search results" />
      <SearchForm key={q} initial={q} />
      {text ? (
        <SearchResultsList
          q={text}
          page={page}
          onPage={(p) => {
            const next = new URLSearchParams(params);
            if (p > 1) next.set('page', String(p));
            else next.delete('page');
            setParams(next);
            window.scrollTo({ top: 0 });
          }}
          onQuery={(next) => void navigate(next ? to.searchResults(next) : to.search())}
        />
      ) : (
        <EmptyState icon="search" title="What are you looking for?">
          <p>Type a title, an artist’s name, a type or a place above.</p>
        </EmptyState>
      )}
    </div>
  );
}
