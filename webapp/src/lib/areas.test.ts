import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../i18n';
import { areaProgressText, areaShare, areasMapPath, areaSourceText, readAreasOn, readFit } from './areas';

afterEach(() => setLocale('en'));

describe('an area’s progress', () => {
  it('is a share of its artworks for someone signed in, none for anyone else', () => {
    expect(areaShare({ artworks: 4, seen: 1, finished: false })).toBe(0.25);
    expect(areaShare({ artworks: 4, seen: null, finished: false })).toBeNull();
    expect(areaShare({ artworks: 0, seen: 0, finished: false })).toBe(0);
    expect(areaShare({ artworks: 3, seen: 3, finished: true })).toBe(1);
  });

  it('reads "2 of 5 seen", or how many artworks it holds, in the language in effect', () => {
    expect(areaProgressText({ artworks: 5, seen: 2, finished: false })).toBe('2 of 5 seen');
    expect(areaProgressText({ artworks: 5, seen: null, finished: false })).toBe('5 artworks');
    expect(areaProgressText({ artworks: 1, seen: undefined, finished: false })).toBe('1 artwork');
    setLocale('fr');
    expect(areaProgressText({ artworks: 5, seen: 2, finished: false })).toBe('2 sur 5 vues');
    expect(areaProgressText({ artworks: 5, seen: null, finished: false })).toBe('5 œuvres');
  });

  it('says where the areas come from', () => {
    expect(areaSourceText(null)).toBe('Areas are squares of about 1 km, named by their place.');
    expect(areaSourceText({ name: 'Local areas', attribution: 'City of Vancouver', loaded_at: '2025-01-01T00:00:00Z' })).toBe(
      'Areas: Local areas. Boundaries: City of Vancouver',
    );
  });
});

describe('the map’s link to an area', () => {
  it('turns the Areas layer on and names the box to fit, which reads back the same', () => {
    const box = { north: 49.293, south: 49.284, east: -123.114, west: -123.128 };
    const path = areasMapPath(box);
    expect(path).toBe('/?areas=1&fit=-123.128%2C49.284%2C-123.114%2C49.293');
    const params = new URLSearchParams(path.slice(2));
    expect(readAreasOn(params)).toBe(true);
    expect(readFit(params)).toEqual(box);
  });

  it.each([['fit=1,2,3'], ['fit=a,b,c,d'], ['fit=10,50,0,40'], ['fit=-200,0,0,10'], ['']])('ignores a box it cannot use (%s)', (query) => {
    expect(readFit(new URLSearchParams(query))).toBeNull();
  });

  it('leaves the layer off unless asked', () => {
    expect(readAreasOn(new URLSearchParams(''))).toBe(false);
    expect(readAreasOn(new URLSearchParams('areas=0'))).toBe(false);
    expect(readAreasOn(new URLSearchParams('areas=true'))).toBe(true);
  });
});
