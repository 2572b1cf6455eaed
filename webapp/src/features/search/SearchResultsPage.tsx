/** /search/results?q=…&page=…: the results page (SPEC §2); the query and page live in the URL. */
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/states';
import { SearchScreen } from './SearchScreen';
import './search.css';

export function SearchResultsPage() {
  const [params] = useSearchParams();
  return (
    <SearchScreen
      title="Search results"
      query={params.get('q') ?? ''}
      empty={
        <EmptyState icon="search" title="What are you looking for?">
          <p>Type a title, an artist’s name, a type or a place above.</p>
        </EmptyState>
      }
    />
  );
}
