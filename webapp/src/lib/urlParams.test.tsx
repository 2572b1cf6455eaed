import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { filterParams, oneOfParam, pageValue, useFilterParams, usePageParam, useSortedPageParams, withParams } from './urlParams';

const SORTS = ['updated_desc', 'name_asc', 'created_desc'] as const;

function at(url: string) {
  return ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
}

describe('URL parameters', () => {
  // pageParam: search.test.tsx (the search screens' rules re-export it).
  it('writes a page: none for page 1', () => {
    expect(pageValue(1)).toBeNull();
    expect(pageValue(4)).toBe('4');
  });

  it('reads one of known values, else the fallback', () => {
    expect(oneOfParam('name_asc', SORTS, 'updated_desc')).toBe('name_asc');
    expect(oneOfParam('NAME_ASC', SORTS, 'updated_desc')).toBe('updated_desc');
    expect(oneOfParam(null, SORTS, 'updated_desc')).toBe('updated_desc');
  });

  it('sets and removes parameters, keeping the others and leaving the original alone', () => {
    const params = new URLSearchParams('q=bronze&page=3&type=logbook');
    const next = withParams(params, { page: null, type: '', status: 'approved', q: 'whale' });
    expect(next.toString()).toBe('q=whale&status=approved');
    expect(params.toString()).toBe('q=bronze&page=3&type=logbook');
  });
});

describe('usePageParam', () => {
  it('goes to another page, keeping the rest of the URL, and leaves the page out on page 1', () => {
    const scroll = vi.spyOn(window, 'scrollTo');
    const { result } = renderHook(() => [usePageParam(), useLocation().search] as const, { wrapper: at('/list?q=x&page=2') });
    expect(result.current[0][0]).toBe(2);
    act(() => result.current[0][1](3));
    expect(result.current[0][0]).toBe(3);
    expect(result.current[1]).toBe('?q=x&page=3');
    act(() => result.current[0][1](1));
    expect(result.current[0][0]).toBe(1);
    expect(result.current[1]).toBe('?q=x');
    expect(scroll).not.toHaveBeenCalled();
  });

  it('keeps a second list’s page in a parameter of its own', () => {
    const { result } = renderHook(() => [usePageParam(), usePageParam({ name: 'edits_page' }), useLocation().search] as const, {
      wrapper: at('/profile?page=2&edits_page=x'),
    });
    expect(result.current[0][0]).toBe(2);
    expect(result.current[1][0]).toBe(1);
    act(() => result.current[1][1](3));
    expect(result.current[1][0]).toBe(3);
    expect(result.current[0][0]).toBe(2);
    expect(result.current[2]).toBe('?page=2&edits_page=3');
  });

  it('goes back to the top of the screen when asked to', () => {
    const scroll = vi.spyOn(window, 'scrollTo');
    const { result } = renderHook(() => usePageParam({ scrollToTop: true }), { wrapper: at('/list') });
    expect(result.current[0]).toBe(1);
    act(() => result.current[1](2));
    expect(result.current[0]).toBe(2);
    expect(scroll).toHaveBeenCalledWith({ top: 0 });
  });
});

describe('useSortedPageParams', () => {
  it('reads an unknown sort as the default', () => {
    const { result } = renderHook(() => useSortedPageParams(SORTS, 'updated_desc'), { wrapper: at('/list?sort=nope&page=x') });
    expect(result.current).toMatchObject({ page: 1, sort: 'updated_desc' });
  });

  it('changes the page or the sort, leaves defaults out of the URL, keeps the rest and scrolls to the top', () => {
    const scroll = vi.spyOn(window, 'scrollTo');
    const { result } = renderHook(() => [useSortedPageParams(SORTS, 'updated_desc'), useLocation().search] as const, {
      wrapper: at('/list?search=ada&page=2'),
    });
    expect(result.current[0]).toMatchObject({ page: 2, sort: 'updated_desc' });

    act(() => result.current[0].update({ sort: 'name_asc', page: 1 }));
    expect(result.current[0]).toMatchObject({ page: 1, sort: 'name_asc' });
    expect(result.current[1]).toBe('?search=ada&sort=name_asc');

    act(() => result.current[0].update({ page: 4 }));
    expect(result.current[0]).toMatchObject({ page: 4, sort: 'name_asc' });
    expect(result.current[1]).toBe('?search=ada&sort=name_asc&page=4');

    act(() => result.current[0].update({ sort: 'updated_desc' }));
    expect(result.current[0]).toMatchObject({ page: 4, sort: 'updated_desc' });
    expect(result.current[1]).toBe('?search=ada&page=4');

    act(() => result.current[0].update({ sort: 'bogus', page: 1 }));
    expect(result.current[0]).toMatchObject({ page: 1, sort: 'updated_desc' });
    expect(result.current[1]).toBe('?search=ada');
    expect(scroll).toHaveBeenCalledTimes(4);
    expect(scroll).toHaveBeenLastCalledWith({ top: 0 });
  });
});

describe('useFilterParams', () => {
  const FILTERS = {
    kind: (raw: string) => (['a', 'b'].includes(raw) ? raw : null),
    near: (raw: string) => raw.trim() || null,
  };

  it('reads each filter from its parameter, an unknown or empty value as unset', () => {
    expect(filterParams(new URLSearchParams('kind=a&near=+Here+'), FILTERS)).toEqual({ kind: 'a', near: 'Here' });
    expect(filterParams(new URLSearchParams('kind=c&near=+&page=2'), FILTERS)).toEqual({ kind: null, near: null });
  });

  it('changes some filters, back on page 1, keeping the rest of the URL and dropping unknown values', () => {
    const { result } = renderHook(() => [useFilterParams(FILTERS), useLocation().search] as const, {
      wrapper: at('/list?sort=name_asc&kind=zzz&near=Park&page=3'),
    });
    expect(result.current[0].filters).toEqual({ kind: null, near: 'Park' });
    act(() => result.current[0].set({ kind: 'b' }));
    expect(result.current[0].filters).toEqual({ kind: 'b', near: 'Park' });
    expect(result.current[1]).toBe('?sort=name_asc&kind=b&near=Park');
    act(() => result.current[0].set({ near: null }));
    expect(result.current[1]).toBe('?sort=name_asc&kind=b');
    act(() => result.current[0].clear());
    expect(result.current[0].filters).toEqual({ kind: null, near: null });
    expect(result.current[1]).toBe('?sort=name_asc');
  });
});
