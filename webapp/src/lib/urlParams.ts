/**
 * Screen state kept in the URL's query: the page of a list (`?page`, left out on page 1), a
 * choice among known values (a sort, a status), a list's filters, and changes that keep the
 * other parameters.
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

/** How a filter reads its parameter's value: the value, or null when it is not one it knows. */
export type FilterReader = (raw: string) => string | null;

/** The filters `readers` find in `params`: each by its own parameter, null when absent or unknown. */
export function filterParams<R extends Record<string, FilterReader>>(
  params: URLSearchParams,
  readers: R,
): { [K in keyof R]: ReturnType<R[K]> } {
  const read = (k: string, reader: FilterReader) => {
    const raw = params.get(k);
    return raw === null ? null : reader(raw);
  };
  return Object.fromEntries(Object.entries(readers).map(([k, reader]) => [k, read(k, reader)])) as {
    [K in keyof R]: ReturnType<R[K]>;
  };
}

/**
 * A list's filters in the URL, one parameter each, named by the keys of `readers`; a value its
 * reader does not know reads as unset, so a link shared with one still opens. `set` changes some
 * (null unsets), writes the others back as read (an unknown value goes) and returns to page 1,
 * whose results differ; `clear` unsets them all.
 */
export function useFilterParams<R extends Record<string, FilterReader>>(readers: R) {
  const [params, setParams] = useSearchParams();
  const filters = filterParams(params, readers);
  const set = (changes: { [K in keyof R]?: string | null }) => {
    const next: Record<string, string | null> = { ...(filters as Record<string, string | null>), page: null };
    for (const [k, v] of Object.entries(changes)) if (v !== undefined) next[k] = v;
    // flushSync (app/App.tsx's RouterProvider honours it): the controls show the URL, which the
    // router otherwise commits as a transition, so a ticked checkbox would show its old state a moment.
    setParams(withParams(params, next), { flushSync: true });
  };
  const clear = () => set(Object.fromEntries(Object.keys(readers).map((k) => [k, null])) as { [K in keyof R]?: null });
  return { filters, set, clear };
}
