/**
 * How an artwork's or an artist's field value reads wherever changes to it are shown (a history,
 * the review of proposed edits): a location as "lat, lon" with 6 decimals, a type by its label,
 * tags as `key: value` pairs, artists as the caller names them, an artist's other names as a
 * list and a negative year as BCE, an unset value as the caller's word; an artwork's main photo
 * and hidden photos by their keys' first 8 characters ("photo 1a2b3c4d", "none", "5 photos").
 * Field names as the edit calls spell them (`tag:<key>` for one tag, `birth_year`) read as labels.
 */
import type { EditSubject } from '../api/types';
import { getLocale, t } from '../i18n';
import { formatCoordinate } from './geo';
import { artworkTypeLabel } from './map/artworkTypes';
import { messageTable } from './messageTable';
import { labelForKey, NO_VOCABULARY, type TagVocabulary } from './tagGroups';

/** An artist's fields as people read them. */
export const ARTIST_FIELD_LABELS = messageTable({
  name: 'lib.artistField.name',
  aliases: 'lib.artistField.aliases',
  biography: 'lib.artistField.biography',
  website: 'lib.artistField.website',
  country: 'lib.artistField.country',
  birth_year: 'lib.artistField.birthYear',
  death_year: 'lib.artistField.deathYear',
});

/** An artwork's own fields (not its details) as people read them. */
const ARTWORK_FIELD_LABELS: Readonly<Record<string, string>> = messageTable({
  title: 'lib.artworkField.title',
  description: 'lib.artworkField.description',
  artwork_type: 'lib.artworkField.artworkType',
  location: 'lib.artworkField.location',
  artists: 'lib.artworkField.artists',
  tags: 'lib.artworkField.tags',
  main_photo: 'lib.artworkField.mainPhoto',
  hidden_photos: 'lib.artworkField.hiddenPhotos',
});

/** An artist's field's label, if `field` is one. */
export function artistFieldLabel(field: string): string | undefined {
  return (ARTIST_FIELD_LABELS as Readonly<Record<string, string>>)[field];
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A year as people read it: "1950", "300 BCE". */
export function yearText(year: number): string {
  return year < 0 ? t('lib.year.bce', { year: String(-year) }) : String(year);
}

export interface ValueWords {
  /** What an unset (null, missing or empty) value reads as. */
  unset: string;
  /** A non-empty list of artist ids. */
  artists: (ids: unknown[]) => string;
}

function scalar(value: unknown, unset: string): string {
  if (value === null || value === undefined || value === '') return unset;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A photo's key as people tell it apart: its first 8 characters. */
export function shortKey(key: string): string {
  return key.slice(0, 8);
}

/** No main photo chosen, or none hidden. */
const noPhoto = () => t('lib.photo.none');
/** Past this many, a list of photos reads as a count. */
const PHOTOS_NAMED = 3;

const photoText = (key: unknown) => (typeof key === 'string' && key ? t('lib.photo.key', { key: shortKey(key) }) : noPhoto());

/** Photo keys: "photo 1a2b3c4d, photo 5e6f7a8b", "none", or past a few, "5 photos". */
function photosText(keys: unknown): string {
  if (!Array.isArray(keys) || keys.length === 0) return noPhoto();
  return keys.length > PHOTOS_NAMED ? t('common.photos', { count: keys.length }) : keys.map(photoText).join(', ');
}

/** `key: value` pairs, in key order. */
function tagsText(tags: Record<string, unknown>, unset: string): string {
  const keys = Object.keys(tags).sort();
  return keys.length ? keys.map((k) => `${k}: ${scalar(tags[k], unset)}`).join(', ') : unset;
}

export function valueText(field: string, value: unknown, words: ValueWords): string {
  // Unset, these read as a choice too: no main photo (the gallery's own order), no photo hidden.
  if (field === 'main_photo') return photoText(value);
  if (field === 'hidden_photos') return photosText(value);
  if (value === null || value === undefined) return words.unset;
  if (field === 'location' && isRecord(value) && typeof value.lat === 'number' && typeof value.lon === 'number') {
    return `${formatCoordinate(value.lat)}, ${formatCoordinate(value.lon)}`;
  }
  if (field === 'tags' && isRecord(value)) return tagsText(value, words.unset);
  if (field === 'artists' && Array.isArray(value)) return value.length ? words.artists(value) : words.unset;
  if ((field === 'birth_year' || field === 'death_year') && typeof value === 'number') return yearText(value);
  if (field === 'aliases' && Array.isArray(value)) return value.length ? value.map((v) => scalar(v, words.unset)).join(', ') : words.unset;
  if (field === 'artwork_type' && typeof value === 'string') return artworkTypeLabel(value);
  return scalar(value, words.unset);
}

/** The tag key of a `tag:<key>` field name, else null. */
export function tagKeyOf(field: string): string | null {
  return field.startsWith('tag:') ? field.slice(4) : null;
}

/**
 * A field name of the edit calls as a label: `title` → "Title", `tag:material` → "Material" (the
 * tag schema's label, when `vocabulary` is loaded); an artist's `birth_year` → "Born".
 */
export function editFieldLabel(field: string, subject: EditSubject = 'artwork', vocabulary: TagVocabulary = NO_VOCABULARY): string {
  const own = subject === 'artist' ? artistFieldLabel(field) : ARTWORK_FIELD_LABELS[field];
  return own ?? labelForKey(tagKeyOf(field) ?? field, vocabulary);
}

/** An artist's fields whose labels do not read well inside a sentence. */
const ARTIST_FIELD_WORDS: Readonly<Record<string, string>> = messageTable({
  aliases: 'lib.artistField.aliasesWords',
  birth_year: 'lib.artistField.birthYearWords',
  death_year: 'lib.artistField.deathYearWords',
});

/** Field names in plain words, for a sentence: "title, description and material", "biography and year of birth". */
export function fieldList(fields: readonly string[], subject: EditSubject = 'artwork', vocabulary: TagVocabulary = NO_VOCABULARY): string {
  const word = (f: string) => (subject === 'artist' ? ARTIST_FIELD_WORDS[f] : undefined) ?? editFieldLabel(f, subject, vocabulary).toLowerCase();
  const labels = [...new Set(fields.map(word))];
  return new Intl.ListFormat(getLocale(), { style: 'long', type: 'conjunction' }).format(labels);
}
