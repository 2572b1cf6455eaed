/**
 * The text search's screen, at /search/{query?} and /search/results?q: the search box prefilled
 * with `query`, then its results (their page lives in the URL), or `empty` while there is nothing
 * to search for.
 */
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageTitle';
import { to } from '../../config/routes';
import { usePageParam } from '../../lib/urlParams';
import { SearchForm } from './SearchForm';
import { SearchResultsList } from './SearchResultsList';
import { searchText } from './searchQuery';

export function SearchScreen({ title, query, empty }: { title: string; query: string; empty: ReactNode }) {
  const [page, goToPage] = usePageParam({ scrollToTop: true });
  const navigate = useNavigate();
  const text = searchText(query);
  return (
    <div className="page page--narrow">
      <PageHeader title={title} />
      <SearchForm key={query} initial={query} />
      {text ? (
        <SearchResultsList
          q={text}
          page={page}
          onPage={goToPage}
          onQuery={(next) => void navigate(next ? to.searchResults(next) : to.search())}
        />
      ) : (
        empty
      )}
    </div>
  );
}
