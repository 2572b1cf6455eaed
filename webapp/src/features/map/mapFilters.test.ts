import { describe, expect, it } from 'vitest';
import { withParams } from '../../lib/urlParams';
import { activeFilterCount, applyMapFilters, mapFilterParams, narrowingFilterCount, NO_FILTERS, readMapFilters } from './mapFilters';

describe('the map’s filters in the URL', () => {
  it('reads removed=1 (or true) as showing the removed layer, anything else as not', () => {
    expect(readMapFilters(new URLSearchParams('removed=1')).removed).toBe(true);
    expect(readMapFilters(new URLSearchParams('removed=true')).removed).toBe(true);
    expect(readMapFilters(new URLSearchParams('removed=0')).removed).toBe(false);
    expect(readMapFilters(new URLSearchParams('')).removed).toBe(false);
  });

  it('writes the removed layer as removed=1 and reads it back with the other filters and the view', () => {
    const filters = { type: 'mural' as const, list: 'l-1', unseen: true, removed: true };
    const params = withParams(new URLSearchParams('lat=49.28&lng=-123.12'), mapFilterParams(filters));
    expect(params.toString()).toBe('lat=49.28&lng=-123.12&type=mural&list=l-1&unseen=1&removed=1');
    expect(readMapFilters(new URLSearchParams(params.toString()))).toEqual(filters);
    const cleared = withParams(params, mapFilterParams(NO_FILTERS));
    expect(cleared.toString()).toBe('lat=49.28&lng=-123.12');
  });

  it('counts the removed layer as an active filter that narrows nothing', () => {
    const removed = { ...NO_FILTERS, removed: true };
    expect(activeFilterCount(removed)).toBe(1);
    expect(narrowingFilterCount(removed)).toBe(0);
    expect(activeFilterCount({ ...removed, type: 'mural' })).toBe(2);
    const artworks = [
      { id: 'a', artwork_type: 'mural' },
      { id: 'b', artwork_type: 'sculpture' },
    ];
    expect(applyMapFilters(artworks, removed, {})).toEqual(artworks);
    expect(applyMapFilters(artworks, { ...removed, type: 'mural' }, {})).toEqual([artworks[0]]);
  });
});
