/**
 * /search/{query?}: the search box (the path's query prefills it, and its results show below),
 * and the photo mode of the add flow (`?mode=photo&source=fast-upload&lat&lng`).
 */
import { useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/states';
import { PhotoMatch } from './PhotoMatch';
import { SearchScreen } from './SearchScreen';
import './search.css';

export function SearchPage() {
  const [params] = useSearchParams();
  if (params.get('mode') === 'photo') return <PhotoMatch />;
  return <TextSearch />;
}

function TextSearch() {
  const { query = '' } = useParams();
  return (
    <SearchScreen
      title="Search"
      query={query}
      empty={
        <EmptyState icon="search" title="Find public art">
          <p>
            Search by title, artist, type or place: try “mural” or “bronze”. Filter by tag with{' '}
            <code>tag:material:bronze</code>.
          </p>
        </EmptyState>
      }
    />
  );
}
