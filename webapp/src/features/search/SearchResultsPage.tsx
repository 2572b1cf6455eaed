/** /search/results?q=…&page=…: the results page (SPEC §2); the query and page live in the URL. */
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/states';
import { useT } from '../../i18n';
import { SearchScreen } from './SearchScreen';
import './search.css';

export function SearchResultsPage() {
  const t = useT();
  const [params] = useSearchParams();
  return (
    <SearchScreen
      title={t('search.results.title')}
      query={params.get('q') ?? ''}
      empty={
        <EmptyState icon="search" title={t('search.results.emptyTitle')}>
          <p>{t('search.results.emptyBody')}</p>
        </EmptyState>
      }
    />
  );
}
