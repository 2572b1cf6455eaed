/**
 * Screen state kept in the URL's query: the page of a list (`?page`, left out on page 1), a
 * choice among known values (a sort, a status), and changes that keep the other parameters.
 */
import { useSearchParams } from 'react-router';
import { PAGINATION } from '../config/constants';

/** A page number from the URL: 1 for anything that is not a positive integer. */
export function pageParam(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : PAGINATION.defaultPage;
}

/** `raw` when it is one of `values`, else `fallback`. */
export function oneOfParam<T extends string>(raw: string | null, values: readonly T[], fallback: T): T {
  return (values as readonly string[]).includes(raw ?? '') ? (raw as T) : fallback;
}

/** `params` with `changes` made: a null or empty value leaves its parameter out; the others stay. */
export function withParams(params: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === '') next.delete(k);
    else next.set(k, v);
  }
  return next;
}

/** The `?page` value for page `p`: none on page 1. */
export function pageValue(p: number): string | null {
  return p > 1 ? String(p) : null;
}

/**
 * A paged list's `?page`, and a function that goes to another (back to the top of the screen when
 * `scrollToTop`). A second list on the same screen names its own parameter (`name`).
 */
export function usePageParam({ scrollToTop = false, name = 'page' }: { scrollToTop?: boolean; name?: string } = {}): [
  number,
  (page: number) => void,
] {
  const [params, setParams] = useSearchParams();
  const goTo = (p: number) => {
    setParams(withParams(params, { [name]: pageValue(p) }));
    if (scrollToTop) window.scrollTo({ top: 0 });
  };
  return [pageParam(params.get(name)), goTo];
}

/**
 * A sortable paged list's `?page` and `?sort` (none for `defaultSort`, which an unknown sort
 * also reads as); `update` changes either (a sort as a select gives it) and goes back to the top
 * of the screen.
 */
export function useSortedPageParams<S extends string>(sorts: readonly S[], defaultSort: S) {
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  const sort = oneOfParam(params.get('sort'), sorts, defaultSort);
  const update = (next: { page?: number; sort?: string }) => {
    const s = next.sort === undefined ? sort : oneOfParam(next.sort, sorts, defaultSort);
    setParams(withParams(params, { page: pageValue(next.page ?? page), sort: s === defaultSort ? null : s }));
    window.scrollTo({ top: 0 });
  };
  return { page, sort, update };
}
