/**
 * How an artwork field's value reads wherever changes to it are shown (an artwork's history, the
 * review of proposed edits): a location as "lat, lon" with 6 decimals, a type by its label, tags
 * as `key: value` pairs, artists as the caller names them, an unset value as the caller's word.
 * Field names as the edit calls spell them (`tag:<key>` for one tag) read as labels.
 */
import { formatCoordinate } from './geo';
import { artworkTypeLabel } from './map/artworkTypes';
import { labelForKey } from './tagGroups';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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

/** `key: value` pairs, in key order. */
function tagsText(tags: Record<string, unknown>, unset: string): string {
  const keys = Object.keys(tags).sort();
  return keys.length ? keys.map((k) => `${k}: ${scalar(tags[k], unset)}`).join(', ') : unset;
}

export function valueText(field: string, value: unknown, words: ValueWords): string {
  if (value === null || value === undefined) return words.unset;
  if (field === 'location' && isRecord(value) && typeof value.lat === 'number' && typeof value.lon === 'number') {
    return `${formatCoordinate(value.lat)}, ${formatCoordinate(value.lon)}`;
  }
  if (field === 'tags' && isRecord(value)) return tagsText(value, words.unset);
  if (field === 'artists' && Array.isArray(value)) return value.length ? words.artists(value) : words.unset;
  if (field === 'artwork_type' && typeof value === 'string') return artworkTypeLabel(value);
  return scalar(value, words.unset);
}

/** The tag key of a `tag:<key>` field name, else null. */
export function tagKeyOf(field: string): string | null {
  return field.startsWith('tag:') ? field.slice(4) : null;
}

/** A field name of the edit calls as a label: `title` → "Title", `tag:material` → "Material". */
export function editFieldLabel(field: string): string {
  return labelForKey(tagKeyOf(field) ?? field);
}

/** Field names in plain words, for a sentence: "title, description and material". */
export function fieldList(fields: readonly string[]): string {
  const labels = [...new Set(fields.map((f) => editFieldLabel(f).toLowerCase()))];
  return new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }).format(labels);
}
