/**
 * The artist edit form's values and what they propose (for an artist, or a new one from
 * nothing): the values the form starts from, the edits from the artist as the page loaded it to
 * what the person typed (changed fields only, the old value as loaded, null when unset), the
 * form's own checks of the years, and the values after loading the artist again.
 */
import type { ArtistDto, FieldEdit, FieldProblem } from '../../api/types';
import { editCollector, followAll, textValue as text } from '../../lib/editValues';
import { t } from '../../i18n';
import { artistFieldLabel } from '../../lib/fieldText';

/** What of an artist the form edits. */
export type EditableArtist = Pick<ArtistDto, 'name' | 'aliases' | 'biography' | 'website' | 'country' | 'birth_year' | 'death_year'>;

/** A new artist's starting point: nothing set, so every old value is null. */
export const NO_ARTIST: EditableArtist = {
  name: '',
  aliases: [],
  biography: null,
  website: null,
  country: null,
  birth_year: null,
  death_year: null,
};

/** The server's limits. */
export const ARTIST_LIMITS = {
  nameMax: 200,
  aliasMax: 200,
  aliasesMax: 20,
  biographyMax: 10_000,
  websiteMax: 500,
  countryMax: 100,
  yearMin: -3000,
  yearMax: 2100,
} as const;

export interface ArtistValues {
  name: string;
  /** Trimmed, none empty, none twice. */
  aliases: string[];
  biography: string;
  website: string;
  country: string;
  /** As typed; blank when unset. */
  birth_year: string;
  death_year: string;
}

const YEARS = ['birth_year', 'death_year'] as const;

const yearText = (y: number | null | undefined) => (y === null || y === undefined ? '' : String(y));

/** A year as typed: null when blank, the number when it is a whole number, else the text (`yearProblems` reports it). */
function yearValue(typed: string): number | string | null {
  const t = typed.trim();
  if (!t) return null;
  return /^-?\d+$/.test(t) ? Number(t) : t;
}

export function artistValuesOf(a: EditableArtist): ArtistValues {
  return {
    name: a.name,
    aliases: [...a.aliases],
    biography: a.biography ?? '',
    website: a.website ?? '',
    country: a.country ?? '',
    birth_year: yearText(a.birth_year),
    death_year: yearText(a.death_year),
  };
}

/** Years that are not whole years from -3000 to 2100. */
export function yearProblems(v: ArtistValues): FieldProblem[] {
  const { yearMin, yearMax } = ARTIST_LIMITS;
  return YEARS.flatMap((field) => {
    const y = yearValue(v[field]);
    const fits = y === null || (typeof y === 'number' && y >= yearMin && y <= yearMax);
    if (fits) return [];
    return [{ field, message: t('artists.form.yearProblem', { label: artistFieldLabel(field) ?? field, min: yearMin, max: yearMax }) }];
  });
}

/** The edits from the artist as loaded (`a`) to the values typed (`v`): one per changed field. */
export function artistEditsFrom(a: EditableArtist, v: ArtistValues): FieldEdit[] {
  const { edits, change } = editCollector();
  const list = (names: readonly string[]) => (names.length > 0 ? [...names] : null);
  change('name', a.name || null, text(v.name), text(a.name));
  change('aliases', list(a.aliases), list(v.aliases));
  change('biography', a.biography ?? null, text(v.biography), text(a.biography));
  change('website', a.website ?? null, text(v.website), text(a.website));
  change('country', a.country ?? null, text(v.country), text(a.country));
  for (const field of YEARS) change(field, a[field] ?? null, yearValue(v[field]));
  return edits;
}

/**
 * The values after loading the artist again (`before` → `after`): the fields the person left as
 * they were loaded show the new values; what they changed stays theirs.
 */
export function rebaseArtist(v: ArtistValues, before: EditableArtist, after: EditableArtist): ArtistValues {
  return followAll(v, artistValuesOf(before), artistValuesOf(after));
}
