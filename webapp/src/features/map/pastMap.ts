/**
 * The map as it was (`?as_of=`): what the URL holds (a date `YYYY-MM-DD`, meaning the end of that
 * day in UTC, or an RFC 3339 time), the time slider's steps between the timeline's first moment
 * and now, and the moment as people read it. The layers "Added since" and "Removed since" are
 * `since_added=1` and `since_removed=1` beside it.
 */
import type { SinceChange, Timeline } from '../../api/types';
import { formatDate, formatDateTime } from '../../lib/format';
import { getLocale } from '../../i18n/locale';

/** The slider's steps over the timeline: fine enough to tell minutes apart when the range is short. */
export const SLIDER_STEPS = 200;
/** Under this range the chosen moment is shown with its time, above it the date alone. */
export const SHORT_RANGE_MS = 2 * 24 * 60 * 60 * 1000;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** RFC 3339 with a zone (Z or an offset), as the server takes it. */
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;

export interface PastView {
  /** The URL's `as_of`, as given (a date or a time). */
  asOf: string;
  /** The moment it names, in milliseconds since the epoch (a date: the end of its day, UTC). */
  at: number;
  /** Typed as a date (`YYYY-MM-DD`) rather than chosen on the slider. */
  isDate: boolean;
  addedLayer: boolean;
  removedLayer: boolean;
}

/** The moment an `as_of` names, or null when it is neither a date nor an RFC 3339 time. */
export function asOfMoment(asOf: string): number | null {
  const d = DATE.exec(asOf);
  if (d) {
    const [y, m, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
    const at = Date.UTC(y, m - 1, day, 23, 59, 59, 999);
    // 2026-02-31 is no day: Date.UTC would roll it over into March.
    return new Date(at).getUTCDate() === day ? at : null;
  }
  if (!TIME.test(asOf)) return null;
  const at = Date.parse(asOf);
  return Number.isNaN(at) ? null : at;
}

/** The URL's past view, or null for today's map (no `as_of`, or one that names no moment). */
export function readPastView(search: URLSearchParams): PastView | null {
  const asOf = search.get('as_of');
  const at = asOf ? asOfMoment(asOf) : null;
  if (!asOf || at === null) return null;
  return {
    asOf,
    at,
    isDate: DATE.test(asOf),
    addedLayer: search.get('since_added') === '1',
    removedLayer: search.get('since_removed') === '1',
  };
}

/** The URL parameters of a past view (`null`: today's map, every past parameter removed). */
export function pastViewParams(view: Pick<PastView, 'asOf' | 'addedLayer' | 'removedLayer'> | null): Record<string, string | null> {
  return {
    as_of: view?.asOf ?? null,
    since_added: view?.addedLayer ? '1' : null,
    since_removed: view?.removedLayer ? '1' : null,
  };
}

/** A moment as the URL keeps it: RFC 3339 in UTC, to the second. */
export function timeParam(at: number): string {
  return new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export interface Range {
  first: number;
  now: number;
}

/** The timeline's range, or null while it is unknown or no artwork was ever on the map. */
export function rangeOf(timeline: Timeline | undefined): Range | null {
  if (!timeline?.first_at) return null;
  return { first: Date.parse(timeline.first_at), now: Date.parse(timeline.now) };
}

/** The slider's step for a moment (clamped to the range). */
export function stepOf(range: Range, at: number): number {
  const span = range.now - range.first;
  if (span <= 0) return SLIDER_STEPS;
  return Math.min(SLIDER_STEPS, Math.max(0, Math.round(((at - range.first) / span) * SLIDER_STEPS)));
}

/** The moment of a slider's step. */
export function momentOf(range: Range, step: number): number {
  return Math.round(range.first + ((range.now - range.first) * step) / SLIDER_STEPS);
}

/** The calendar date of a typed `YYYY-MM-DD`, as the language writes it (the day itself, whatever the zone). */
function formatDay(asOf: string): string {
  const [y, m, d] = asOf.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString(getLocale(), { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/**
 * The chosen moment for people: a typed date as that date; a time with its hour when the range is
 * short (two moments minutes apart must read apart), else its date.
 */
export function formatPast(asOf: string, range: Range | null): string {
  if (DATE.test(asOf)) return formatDay(asOf);
  const short = range !== null && range.now - range.first < SHORT_RANGE_MS;
  return short ? formatDateTime(asOf) : formatDate(asOf);
}

/** The changes a marker's list entry and preview name, in this order; `added` has a layer of its own. */
export const SHOWN_CHANGES: readonly SinceChange[] = ['removed', 'moved', 'renamed', 'retyped'];

/** What the map draws for a marker of the past map: removed since (the removed style), otherwise changed since, or neither. */
export function sinceStyle(changes: readonly SinceChange[] | undefined): 'removed' | 'changed' | null {
  if (!changes || changes.length === 0) return null;
  if (changes.includes('removed')) return 'removed';
  return changes.some((c) => c !== 'added') ? 'changed' : null;
}
