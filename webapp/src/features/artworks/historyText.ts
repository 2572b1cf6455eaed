/**
 * Words for an artwork's history: what kind of change an entry is, and each changed field's
 * value before and after, as short text ("—" when unset).
 */
import type { ArtistRef, ChangeKind, FieldChange } from '../../api/types';
import { formatDate, plural } from '../../lib/format';
import { formatCoordinate } from '../../lib/geo';
import { artworkTypeLabel } from '../../lib/map/artworkTypes';

export const CHANGE_KIND_LABELS: Record<ChangeKind, string> = {
  imported: 'Imported from a dataset',
  created: 'Created from a submission',
  photos_added: 'Photos added',
  moved: 'Moved',
  visit_recorded: 'Visit logged',
};

/** What an unset value reads as. */
export const UNSET = '—';

const FIELD_LABELS: Record<string, string> = { artwork_type: 'type' };

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field.replace(/_/g, ' ');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function scalar(value: unknown): string {
  if (value === null || value === undefined || value === '') return UNSET;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** `key: value` pairs, in key order. */
function tagText(tags: Record<string, unknown>): string {
  const keys = Object.keys(tags).sort();
  return keys.length ? keys.map((k) => `${k}: ${scalar(tags[k])}`).join(', ') : UNSET;
}

/** The artists' names when the artwork still names them all, else how many there were. */
function artistText(ids: unknown[], artists: readonly ArtistRef[]): string {
  if (ids.length === 0) return UNSET;
  const names = ids.map((id) => artists.find((a) => a.id === id)?.name);
  return names.every((n): n is string => Boolean(n)) ? names.join(', ') : plural(ids.length, 'artist');
}

export function valueText(field: string, value: unknown, artists: readonly ArtistRef[] = []): string {
  if (value === null || value === undefined) return UNSET;
  if (field === 'location' && isRecord(value) && typeof value.lat === 'number' && typeof value.lon === 'number') {
    return `${formatCoordinate(value.lat)}, ${formatCoordinate(value.lon)}`;
  }
  if (field === 'tags' && isRecord(value)) return tagText(value);
  if (field === 'artists' && Array.isArray(value)) return artistText(value, artists);
  if (field === 'artwork_type' && typeof value === 'string') return artworkTypeLabel(value);
  return scalar(value);
}

/**
 * Of two tag objects, only the keys whose values differ, on both sides (a key one side lacks
 * reads as unset there); all of them when a whole side is unset.
 */
function changedTags(before: unknown, after: unknown): [unknown, unknown] {
  if (!isRecord(before) || !isRecord(after)) return [before, after];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => before[k] !== after[k]);
  const pick = (tags: Record<string, unknown>) => Object.fromEntries(keys.map((k) => [k, tags[k] ?? null]));
  return [pick(before), pick(after)];
}

export interface ChangeText {
  field: string;
  before: string;
  after: string;
}

export function changeText(change: FieldChange, artists: readonly ArtistRef[] = []): ChangeText {
  const [before, after] = change.field === 'tags' ? changedTags(change.before, change.after) : [change.before, change.after];
  return {
    field: fieldLabel(change.field),
    before: valueText(change.field, before, artists),
    after: valueText(change.field, after, artists),
  };
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * The moment an `as_of` stands for, for people: the date it names when it is a time, else
 * `entryAt` (when the history entry it names happened), else `asOf` as it is.
 */
export function momentText(asOf: string, entryAt?: string | null): string {
  const raw = asOf.trim();
  if (RFC3339.test(raw)) return formatDate(raw) || raw;
  return formatDate(entryAt) || raw;
}
