/**
 * The Import tab's mapping as the form edits it: the server's `Mapping` object itself, changed
 * one key at a time, so whatever the form does not show (`format`, `coordinates.bounds`, keys a
 * newer server adds) goes back as it came. A select left at "— none —" removes its key rather
 * than sending "" (the server reads an absent key as "not mapped"); nothing is added that the
 * admin did not choose, so an untouched mapping is sent back equal to the proposed one.
 */
import { t, type MessageKey } from '../../i18n';
import { formatNumber } from '../../lib/format';
import type { ColumnValues, Coordinates, ImportPreview, ImportProgress, ImportRun, Mapping, Outcome } from './importTypes';

type Loose = Record<string, unknown>;

/** The sections of the mapping holding a field name (or nothing) per key. */
export type Section = 'fields' | 'id' | 'coordinates' | 'type' | 'status';

/** `obj` with `key` set to `value`, or without `key` when `value` is empty (null, undefined, ""). */
function withKey<T extends object>(obj: T | undefined, key: string, value: unknown): T {
  const next = { ...(obj ?? {}) } as Loose;
  if (value === null || value === undefined || value === '') delete next[key];
  else next[key] = value;
  return next as T;
}

/**
 * The mapping with `section.key` set to `value`, or removed when `value` is empty. A section the
 * mapping has not got is only added when there is a value to put in it.
 */
export function setKey(mapping: Mapping, section: Section, key: string, value: unknown): Mapping {
  const current = (mapping as unknown as Loose)[section] as Loose | undefined;
  const empty = value === null || value === undefined || value === '';
  if (empty && (current === undefined || !(key in current))) return mapping;
  return { ...mapping, [section]: withKey(current, key, value) };
}

/** A field name the mapping holds at `section.key`, or "" for none. */
export function keyOf(mapping: Mapping, section: Section, key: string): string {
  const current = (mapping as unknown as Loose)[section] as Loose | undefined;
  const v = current?.[key];
  return typeof v === 'string' ? v : '';
}

export function setDataset(mapping: Mapping, key: keyof Mapping['dataset'], value: string): Mapping {
  return { ...mapping, dataset: { ...mapping.dataset, [key]: value } };
}

/* ---- The record's id ---- */

export type IdMode = 'column' | 'hash';

export function idMode(mapping: Mapping): IdMode {
  return !mapping.id.column && (mapping.id.hash_of ?? []).length > 0 ? 'hash' : 'column';
}

/** Switches between one id field and a hash of fields, dropping the other way's keys. */
export function setIdMode(mapping: Mapping, mode: IdMode): Mapping {
  if (mode === idMode(mapping)) return mapping;
  const id = { ...mapping.id } as Loose;
  delete id.column;
  delete id.hash_of;
  if (mode === 'hash') id.hash_of = [];
  return { ...mapping, id: id as Mapping['id'] };
}

/** Adds `column` to the hashed fields (in the file's column order) or takes it out. */
export function toggleHashed(mapping: Mapping, column: string, on: boolean, columns: readonly string[]): Mapping {
  const now = new Set(mapping.id.hash_of ?? []);
  if (on) now.add(column);
  else now.delete(column);
  const ordered = [...columns.filter((c) => now.has(c)), ...[...now].filter((c) => !columns.includes(c))];
  return { ...mapping, id: { ...mapping.id, hash_of: ordered } };
}

/* ---- Where the point is ---- */

export type CoordinateMode = 'lat_lon_fields' | 'wkt' | 'lat_lon_text' | 'geometry' | 'projected';

export const COORDINATE_MODES: ReadonlyArray<{ id: CoordinateMode; label: MessageKey }> = [
  { id: 'lat_lon_fields', label: 'admin.mapping.coordinates.mode.latLonFields' },
  { id: 'wkt', label: 'admin.mapping.coordinates.mode.wkt' },
  { id: 'lat_lon_text', label: 'admin.mapping.coordinates.mode.latLonText' },
  { id: 'geometry', label: 'admin.mapping.coordinates.mode.geometry' },
  { id: 'projected', label: 'admin.mapping.coordinates.mode.projected' },
];

/** The keys each way of giving the point uses. */
const MODE_KEYS: Record<CoordinateMode, Array<keyof Coordinates>> = {
  lat_lon_fields: ['lat', 'lon'],
  wkt: ['wkt'],
  lat_lon_text: ['lat_lon'],
  geometry: ['geometry'],
  projected: ['x', 'y', 'projection'],
};

export function coordinateMode(c: Coordinates): CoordinateMode {
  if (c.geometry) return 'geometry';
  if (c.wkt) return 'wkt';
  if (c.lat_lon) return 'lat_lon_text';
  if (c.x || c.y || c.projection) return 'projected';
  return 'lat_lon_fields';
}

/** Switches the way the point is given: the other ways' keys go, `bounds` and the rest stay. */
export function setCoordinateMode(mapping: Mapping, mode: CoordinateMode): Mapping {
  if (mode === coordinateMode(mapping.coordinates)) return mapping;
  const c = { ...mapping.coordinates } as Loose;
  for (const keys of Object.values(MODE_KEYS)) for (const k of keys) delete c[k];
  if (mode === 'geometry') c.geometry = true;
  return { ...mapping, coordinates: c as Coordinates };
}

/* ---- Value maps (type, status) ---- */

/** The mapping with `section.map[value]` set to `to`, or that value taken out when `to` is null. */
export function setMapped(mapping: Mapping, section: 'type' | 'status', value: string, to: string | null): Mapping {
  const current = ((mapping as unknown as Loose)[section] ?? {}) as Loose;
  const map = { ...((current.map ?? {}) as Record<string, string>) };
  if (to === null) delete map[value];
  else map[value] = to;
  return { ...mapping, [section]: { ...current, map } };
}

/**
 * The type or status field changed: its value map goes with it (the values were the old field's),
 * unless the field chosen is `original.column`, whose map comes back as it was proposed.
 */
export function setMappedColumn(mapping: Mapping, original: Mapping, section: 'type' | 'status', column: string): Mapping {
  const before = keyOf(mapping, section, 'column');
  if (column === before) return mapping;
  const next = setKey(mapping, section, 'column', column);
  const current = (next as unknown as Loose)[section] as Loose | undefined;
  if (!current) return next;
  const originalSection = (original as unknown as Loose)[section] as Loose | undefined;
  const restored = column !== '' && column === keyOf(original, section, 'column') ? originalSection?.map : undefined;
  const copy = { ...current };
  if (restored !== undefined) copy.map = restored;
  else if (column !== '' || before !== '') delete copy.map;
  return { ...next, [section]: copy };
}

/* ---- Tags ---- */

export interface TagRow {
  /** Stable across edits (React's key). */
  id: number;
  key: string;
  field: string;
}

export function tagRows(mapping: Mapping): TagRow[] {
  return Object.entries(mapping.tags ?? {}).map(([key, field], i) => ({ id: i + 1, key, field }));
}

/** The mapping with the complete rows (a key and a field) as its tags; the last row of a key wins. */
export function setTags(mapping: Mapping, rows: readonly TagRow[]): Mapping {
  const tags: Record<string, string> = {};
  for (const r of rows) {
    const key = r.key.trim();
    if (key && r.field) tags[key] = r.field;
  }
  if (mapping.tags === undefined && Object.keys(tags).length === 0) return mapping;
  return { ...mapping, tags };
}

/* ---- Comparing ---- */

/** JSON with object keys sorted, so two equal mappings read the same whatever their key order. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Loose)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function sameMapping(a: Mapping | null, b: Mapping | null): boolean {
  return a !== null && b !== null && stableJson(a) === stableJson(b);
}

/**
 * The field a refusal of the mapping is about, from the server's message ("[dataset] licence is
 * empty; …" → `dataset.licence`), when it names one.
 */
export function refusedKey(message: string): string | null {
  const m = /^\[(\w+)\]\s+(\w+)/.exec(message.trim());
  return m ? `${m[1]}.${m[2]}` : null;
}

/* ---- Words ---- */

const ENCODINGS: Record<string, string> = { 'utf-8': 'UTF-8', 'windows-1252': 'Windows-1252' };

/** "art-public.csv: 1,234 records, CSV, Windows-1252". */
export function previewSummary(p: Pick<ImportPreview, 'file_name' | 'records' | 'format' | 'encoding'>, formatLabel: string): string {
  return t('admin.import.previewSummary', {
    file: p.file_name,
    count: p.records,
    format: formatLabel,
    encoding: ENCODINGS[p.encoding.toLowerCase()] ?? p.encoding,
  });
}

/** A size in bytes as people read it: "812 B", "4.2 KiB", "12.5 MiB" (in French, "4,2 Kio"). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return t('admin.import.bytes', { size: formatNumber(bytes) });
  const kib = bytes / 1024;
  if (kib < 1024) return t('admin.import.kibibytes', { size: formatNumber(kib, { maximumFractionDigits: 1 }) });
  return t('admin.import.mebibytes', { size: formatNumber(kib / 1024, { maximumFractionDigits: 1 }) });
}

/** The share of the upload sent, 0 to 100. */
export const uploadPercent = (p: { sent: number; total: number }) =>
  p.total > 0 ? Math.min(100, Math.floor((p.sent / p.total) * 100)) : 0;

/**
 * The upload's state in words. `detailed`: "Sending a.csv: 42 % (4.2 MiB of 10 MiB)", then
 * "Sent 10 MiB. Reading a.csv on the server…"; otherwise only the step, for a live region that
 * speaks when the step changes, not at every percent.
 */
export function uploadText(name: string, p: { sent: number; total: number }, detailed: boolean): string {
  const sent = p.total > 0 && p.sent >= p.total;
  if (sent) return detailed ? t('admin.import.upload.sentDetailed', { total: formatBytes(p.total), name }) : t('admin.import.upload.sent', { name });
  return detailed
    ? t('admin.import.upload.sendingDetailed', { name, percent: uploadPercent(p), sent: formatBytes(p.sent), total: formatBytes(p.total) })
    : t('admin.import.upload.sending', { name });
}

/** One count of a run or a report in words: "12 new", "1 likely duplicate". */
export type CountPart = 'new' | 'linked' | 'changed' | 'unchanged' | 'rejected' | 'duplicates' | 'gone';
const COUNT_PARTS: Record<CountPart, MessageKey> = {
  new: 'admin.import.counts.new',
  linked: 'admin.import.counts.linked',
  changed: 'admin.import.counts.changed',
  unchanged: 'admin.import.counts.unchanged',
  rejected: 'admin.import.counts.rejected',
  duplicates: 'admin.import.counts.duplicates',
  gone: 'admin.import.counts.gone',
};

/** The counts in words, in the order given, as a list: "12 new, 1 changed, 3 rejected". */
export function countParts(parts: ReadonlyArray<[CountPart, number]>): string {
  return parts.map(([part, count]) => t(COUNT_PARTS[part], { count })).join(', ');
}

/** An earlier run's counts: "40 records read: 12 new, 3 changed, 20 already imported, 5 rejected, …". */
export function runCountsSentence(r: ImportRun): string {
  const parts: Array<[CountPart, number]> = [['new', r.artworks_new]];
  if (r.artworks_linked > 0) parts.push(['linked', r.artworks_linked]);
  parts.push(['changed', r.artworks_changed], ['unchanged', r.artworks_unchanged], ['rejected', r.rejected], ['duplicates', r.likely_duplicates]);
  if (r.gone > 0) parts.push(['gone', r.gone]);
  const artists =
    r.artists_linked > 0
      ? t('admin.import.run.artistsLinked', { created: r.artists_new, linked: r.artists_linked, unchanged: r.artists_unchanged })
      : t('admin.import.run.artists', { created: r.artists_new, unchanged: r.artists_unchanged });
  return t('admin.import.run.counts', { records: r.records_read, parts: countParts(parts), artists });
}

/* ---- A column's values ---- */

/** "3 distinct values", "10,000+ distinct values", "No values". */
export function distinctText(v: ColumnValues): string {
  if (v.filled === 0) return t('admin.mapping.noValues');
  return t('admin.mapping.distinct', { distinct: v.distinct, more: v.more ? 'yes' : 'no', filled: v.filled });
}

/**
 * The column's most frequent values not yet in the value map (compared as the importer does:
 * trimmed, case ignored), most frequent first.
 */
export function unmappedValues(v: ColumnValues | undefined, map: Record<string, string>): ColumnValues['top'] {
  if (!v) return [];
  const mapped = new Set(Object.keys(map).map((k) => k.trim().toLowerCase()));
  return v.top.filter((top) => !mapped.has(top.value.trim().toLowerCase()));
}

/** "Checking 120 of 300 montreal artworks…" (a dry run) or "Importing …". */
export function progressText(progress: ImportProgress | null, dryRun: boolean): string {
  if (!progress) return t('admin.import.progress.reading');
  const values = { done: progress.done, total: progress.total, step: progress.step };
  return t(dryRun ? 'admin.import.progress.checking' : 'admin.import.progress.importing', values);
}

/** A new record that is likely an artwork we already have (its reason names it). */
export const isLikelyDuplicate = (o: Outcome) => o.outcome === 'new' && o.reason.trim() !== '';

/** Rejected records, likely duplicates and records linked to an artwork we had: the ones to look at. */
export const isNotable = (o: Outcome) => o.outcome === 'rejected' || o.outcome === 'linked' || isLikelyDuplicate(o);

export interface PointBounds {
  north: number;
  south: number;
  east: number;
  west: number;
}

/** The box around the outcomes that have a point; null when none has. */
export function boundsOf(outcomes: readonly Outcome[]): PointBounds | null {
  let b: PointBounds | null = null;
  for (const o of outcomes) {
    if (typeof o.lat !== 'number' || typeof o.lon !== 'number' || !Number.isFinite(o.lat) || !Number.isFinite(o.lon)) continue;
    b = b
      ? { north: Math.max(b.north, o.lat), south: Math.min(b.south, o.lat), east: Math.max(b.east, o.lon), west: Math.min(b.west, o.lon) }
      : { north: o.lat, south: o.lat, east: o.lon, west: o.lon };
  }
  return b;
}

/** The map page at the middle of `b` (`/?lat=…&lon=…&zoom=13`). */
export function mapLinkFor(b: PointBounds, zoom = 13): string {
  const lat = ((b.north + b.south) / 2).toFixed(5);
  const lon = ((b.east + b.west) / 2).toFixed(5);
  return `/?${new URLSearchParams({ lat, lon, zoom: String(zoom) }).toString()}`;
}
