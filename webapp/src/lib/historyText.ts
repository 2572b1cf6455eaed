/**
 * Words for a history, an artwork's or an artist's: what kind of change an entry is, each changed
 * field and its value before and after, as short text ("—" when unset), and the moment an
 * `as_of` stands for.
 */
import type { ArtistRef, ChangeKind, EditSubject, FieldChange } from '../api/types';
import { t } from '../i18n';
import { artistFieldLabel, isRecord, tagKeyOf, valueText as fieldValueText } from './fieldText';
import { formatDate } from './format';
import { messageTable } from './messageTable';

/** Each kind of change in words, in the language in effect when read. */
export const CHANGE_KIND_LABELS: Readonly<Record<ChangeKind, string>> = messageTable({
  imported: 'lib.changeKind.imported',
  created: 'lib.changeKind.created',
  photos_added: 'lib.changeKind.photosAdded',
  moved: 'lib.changeKind.moved',
  visit_recorded: 'lib.changeKind.visitRecorded',
  edited: 'lib.changeKind.edited',
  source_updated: 'lib.changeKind.sourceUpdated',
  reverted: 'lib.changeKind.reverted',
  merged: 'lib.changeKind.merged',
  merged_in: 'lib.changeKind.mergedIn',
  unmerged: 'lib.changeKind.unmerged',
  merge_undone: 'lib.changeKind.mergeUndone',
  removed: 'lib.changeKind.removed',
});

/** What an unset value reads as (a dash, in every language). */
export const UNSET = '—';

/** An artwork's own fields in a history's words (its details read as their keys). */
const FIELD_LABELS: Readonly<Record<string, string>> = messageTable({
  title: 'lib.historyField.title',
  description: 'lib.historyField.description',
  artwork_type: 'lib.historyField.artworkType',
  location: 'lib.historyField.location',
  artists: 'lib.historyField.artists',
  tags: 'lib.historyField.tags',
  main_photo: 'lib.historyField.mainPhoto',
  hidden_photos: 'lib.historyField.hiddenPhotos',
});

/** An artwork's `artwork_type` → "type", `main_photo` → "main photo"; a single tag's change (`tag:<key>`) by its key. */
export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? (tagKeyOf(field) ?? field).replace(/_/g, ' ');
}

/** The artists' names when the artwork still names them all, else how many there were. */
function artistText(ids: unknown[], artists: readonly ArtistRef[]): string {
  const names = ids.map((id) => artists.find((a) => a.id === id)?.name);
  return names.every((n): n is string => Boolean(n)) ? names.join(', ') : t('common.artists', { count: ids.length });
}

export function valueText(field: string, value: unknown, artists: readonly ArtistRef[] = []): string {
  return fieldValueText(field, value, { unset: UNSET, artists: (ids) => artistText(ids, artists) });
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

/** Reads a change of one field: of an artwork, whose `artists` it names from those given; or of an artist. */
export type ChangeDescriber = (change: FieldChange) => ChangeText;

export function changeText(change: FieldChange, artists: readonly ArtistRef[] = [], subject: EditSubject = 'artwork'): ChangeText {
  const [before, after] = change.field === 'tags' ? changedTags(change.before, change.after) : [change.before, change.after];
  return {
    field: subject === 'artist' ? (artistFieldLabel(change.field) ?? fieldLabel(change.field)) : fieldLabel(change.field),
    before: valueText(change.field, before, artists),
    after: valueText(change.field, after, artists),
  };
}

/** A change to an artist: "Born: — → 1950". */
export const artistChangeText: ChangeDescriber = (change) => changeText(change, [], 'artist');

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
