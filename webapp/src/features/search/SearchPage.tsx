/**
 * /search/{query?}: the search box (the path's query prefills it, and its results show below),
 * and the photo mode of the add flow (`?mode=photo&source=fast-upload&lat&lng`).
 */
import { useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/states';
import { useT } from '../../i18n';
import { PhotoMatch } from './PhotoMatch';
import { SearchScreen } from './SearchScreen';
import './search.css';

export function SearchPage() {
  const [params] = useSearchParams();
  if (params.get('mode') === 'photo') return <PhotoMatch />;
  return <TextSearch />;
}

function TextSearch() {
  const t = useT();
  const { query = '' } = useParams();
  return (
    <SearchScreen
      title={t('search.title')}
      query={query}
      empty={
        <EmptyState icon="search" title={t('search.empty.title')}>
          <p>{t.rich('search.empty.body', { code: (chunks) => <code>{chunks}</code> })}</p>
        </EmptyState>
      }
    />
  );
}
