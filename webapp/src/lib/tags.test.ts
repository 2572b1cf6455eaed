import { describe, expect, it } from 'vitest';
import { TAG_SCHEMA } from '../testing/tagSchema';
import { liveProblems, type Flag } from './fieldProblems';
import { editFieldLabel, fieldList } from './fieldText';
import {
  freeKeyProblem,
  labelForKey,
  NO_VOCABULARY,
  photoDetail,
  tagHref,
  tagValueProblem,
  valueLabel,
  vocabularyOf,
  wordsOf,
} from './tagGroups';
import { artworkTypeLabel } from './map/artworkTypes';

const SCHEMA = vocabularyOf(TAG_SCHEMA);

describe('labels in sentence case', () => {
  it.each([
    ['street_art', 'Street art', artworkTypeLabel],
    ['mural', 'Mural', artworkTypeLabel],
    ['opening_hours', 'Opening hours', wordsOf],
    ['moderator', 'Moderator', wordsOf],
    ['mural on wall', 'Mural on wall', wordsOf],
  ])('capitalise the first word only: %s is “%s”', (name, words, label) => {
    expect(label(name)).toBe(words);
  });
});

describe('the tag vocabulary', () => {
  it('takes categories, labels and kinds from the server’s schema', () => {
    expect(SCHEMA.categories.map((c) => c.label)).toEqual([
      'Classification',
      'Physical properties',
      'History',
      'Location',
      'References',
      'Other details',
    ]);
    expect(SCHEMA.categories[1]!.keys).toEqual(['material', 'height', 'width', 'condition']);
    expect(labelForKey('height', SCHEMA)).toBe('Height (m)');
    expect(labelForKey('opening_hours', SCHEMA)).toBe('Opening hours');
    expect(SCHEMA.freeKeyPattern?.test('opening_hours')).toBe(true);
  });

  it('labels every key from its words until the schema is loaded', () => {
    expect(labelForKey('height')).toBe('Height');
    expect(labelForKey('wikidata_id', NO_VOCABULARY)).toBe('Wikidata id');
    expect(editFieldLabel('tag:height', 'artwork', SCHEMA)).toBe('Height (m)');
    expect(fieldList(['title', 'tag:artist_name'], 'artwork', SCHEMA)).toBe('title and artist');
  });

  it('reads an enum’s values in words', () => {
    const heritage = SCHEMA.definitions.get('heritage');
    expect(valueLabel(heritage, 'world_heritage')).toBe('World heritage');
    expect(valueLabel(heritage, 'somewhere')).toBe('somewhere');
    expect(valueLabel(SCHEMA.definitions.get('operator'), 'city_of_x')).toBe('city_of_x');
  });

  it.each([
    ['material', 'steel', 'Material must be one of: bronze, stone, metal, concrete, wood, paint, ceramic, glass, mixed, other'],
    ['material', ' Bronze ', null],
    ['height', '0.05', 'Height (m) must be a number between 0.1 and 500'],
    ['height', '0x10', 'Height (m) must be a number between 0.1 and 500'],
    ['height', '7.5', null],
    ['year', '999', 'Year must be a four-digit year between 1000 and 2100'],
    ['year', '2101', 'Year must be a four-digit year between 1000 and 2100'],
    ['year', '1998', null],
    ['website', 'example.org', 'Website must be an http or https URL of at most 500 characters'],
    ['website', 'https://example.org/a', null],
    ['wikidata_id', 'q42', 'Wikidata must look like Q12345'],
    ['wikidata_id', 'Q42', null],
    ['inscription', 'x'.repeat(501), 'Inscription must be at most 500 characters'],
    ['opening_hours', 'x'.repeat(1001), 'Opening hours must be at most 1000 characters'],
    ['opening_hours', '24/7', null],
    ['year', '   ', null],
  ])('checks %s = %j as the server does', (key, value, problem) => {
    expect(tagValueProblem(key, value, SCHEMA)).toBe(problem);
  });

  it('checks a free detail’s name once the rule is known', () => {
    expect(freeKeyProblem(' Opening_Hours ', SCHEMA)).toBeNull();
    expect(freeKeyProblem('opening hours', SCHEMA)).toMatch(/lowercase letters/);
    expect(freeKeyProblem('opening hours', NO_VOCABULARY)).toBeNull();
  });

  it('links web addresses and Wikidata items', () => {
    expect(tagHref('source', 'https://example.org', SCHEMA)).toBe('https://example.org');
    expect(tagHref('wikidata_id', 'Q42', SCHEMA)).toBe('https://www.wikidata.org/wiki/Q42');
    expect(tagHref('operator', 'Q42', SCHEMA)).toBeNull();
  });

  it('tells a photo’s address, and whether it names an image file', () => {
    expect(photoDetail('photo_url', 'https://www.cambridgema.gov/a/B.JPG')).toEqual({
      url: 'https://www.cambridgema.gov/a/B.JPG',
      image: true,
      host: 'www.cambridgema.gov',
    });
    expect(photoDetail('photo_url', 'https://opendata.vancouver.ca/files/94278f90')?.image).toBe(false);
    expect(photoDetail('image', 'https://example.org/a.webp')?.image).toBe(true);
    expect(photoDetail('photo_credit', 'https://example.org/a.jpg')).toBeNull();
    expect(photoDetail('website', 'https://example.org/a.jpg')).toBeNull();
    expect(photoDetail('photo_url', 'not an address')).toBeNull();
  });
});

describe('problems while they hold', () => {
  const title = (message = 'Give it a title') => ({ field: 'title', message });

  it('keeps a rules problem while the rules still find it, in their current words', () => {
    const flags: Flag[] = [{ field: 'title', by: 'rules' }];
    expect(liveProblems(flags, [title('Too long')], () => undefined)).toEqual({ problems: [title('Too long')], flags });
    expect(liveProblems(flags, [], () => undefined)).toEqual({ problems: [], flags: [] });
  });

  it('keeps a server problem while its field has the value it was about, then asks the rules', () => {
    const flag: Flag = { field: 'title', by: 'server', message: 'Taken', value: 'Orca' };
    expect(liveProblems([flag], [], () => 'Orca').problems).toEqual([title('Taken')]);
    expect(liveProblems([flag], [], () => 'Orca II')).toEqual({ problems: [], flags: [] });
    expect(liveProblems([flag], [title()], () => '')).toEqual({ problems: [title()], flags: [{ field: 'title', by: 'rules' }] });
  });

  it('keeps a problem about nothing the form can change', () => {
    const flag: Flag = { field: '', by: 'server', message: 'The artwork changed since you opened it', value: undefined };
    expect(liveProblems([flag], [], () => undefined).flags).toEqual([flag]);
  });

  it('never adds a field that was not flagged', () => {
    expect(liveProblems([], [title()], () => undefined).problems).toEqual([]);
  });
});
