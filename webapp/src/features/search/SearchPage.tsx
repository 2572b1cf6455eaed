/**
 * /search/{query?}: the search box (the path's query prefills it, and its results show below),
 * and the photo mode of the add flow (`?mode=photo&source=fast-upload&lat&lng`).
 */
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageTitle';
import { EmptyState } from '../../components/states';
import { to } from '../../config/routes';
import { PhotoMatch } from './PhotoMatch';
import { SearchForm } from './SearchForm';
import { SearchResultsList } from './SearchResultsList';
import { pageParam, searchText } from './searchQuery';
import './search.css';

export function SearchPage() {
  const [params] = useSearchParams();
  if (params.get('mode') === 'photo') return <PhotoMatch />;
  return <TextSearch />;
}

function TextSearch() {
  const { query = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const text = searchText(query);
  return (
    <div className="page page--narrow">
      <PageHeader title="Search" />
      <SearchForm key={query} initial={query} />
      {text ? (
        <SearchResultsList
          q={text}
          page={pageParam(params.get('page'))}
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
        <EmptyState icon="search" title="Find public art">
          <p>
            Search by title, artist, type or place: try “mural” or “bronze”. Filter by tag with{' '}
            <code>tag:material:bronze</code>.
          </p>
        </EmptyState>
      )}
    </div>
  );
}
