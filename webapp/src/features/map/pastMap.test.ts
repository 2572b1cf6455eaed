import { describe, expect, it } from 'vitest';
import { asOfMoment, formatPast, momentOf, pastViewParams, readPastView, sinceStyle, SLIDER_STEPS, stepOf, timeParam } from './pastMap';

describe('the map as it was in the URL', () => {
  it('reads a date as the end of that day in UTC, and a time as itself', () => {
    expect(asOfMoment('2026-01-31')).toBe(Date.UTC(2026, 0, 31, 23, 59, 59, 999));
    expect(asOfMoment('2026-01-31T10:15:00Z')).toBe(Date.UTC(2026, 0, 31, 10, 15));
    expect(asOfMoment('2026-01-31T10:15:00+01:00')).toBe(Date.UTC(2026, 0, 31, 9, 15));
  });

  it('names no moment for what is neither a date nor an RFC 3339 time', () => {
    for (const bad of ['', 'yesterday', '2026-02-31', '2026-01-31T10:15', '123-456', '31/01/2026']) expect(asOfMoment(bad)).toBeNull();
    expect(readPastView(new URLSearchParams('as_of=soon'))).toBeNull();
    expect(readPastView(new URLSearchParams(''))).toBeNull();
  });

  it('round-trips a view with its layers through the URL parameters', () => {
    const view = readPastView(new URLSearchParams('as_of=2026-01-31T10:15:00Z&since_added=1&since_removed=1'));
    expect(view).toEqual({ asOf: '2026-01-31T10:15:00Z', at: Date.UTC(2026, 0, 31, 10, 15), isDate: false, addedLayer: true, removedLayer: true });
    expect(pastViewParams(view)).toEqual({ as_of: '2026-01-31T10:15:00Z', since_added: '1', since_removed: '1' });
    expect(pastViewParams({ asOf: '2026-01-31', addedLayer: false, removedLayer: false })).toEqual({ as_of: '2026-01-31', since_added: null, since_removed: null });
    expect(pastViewParams(null)).toEqual({ as_of: null, since_added: null, since_removed: null });
    expect(readPastView(new URLSearchParams('as_of=2026-01-31'))?.isDate).toBe(true);
  });

  it('keeps a moment in UTC to the second', () => {
    expect(timeParam(Date.UTC(2026, 0, 31, 10, 15, 7, 640))).toBe('2026-01-31T10:15:07Z');
  });
});

describe('the slider’s steps', () => {
  const range = { first: Date.UTC(2026, 0, 1), now: Date.UTC(2026, 0, 1, 1) };

  it('spans the range from its first moment to now, clamped', () => {
    expect(stepOf(range, range.first)).toBe(0);
    expect(stepOf(range, range.now)).toBe(SLIDER_STEPS);
    expect(stepOf(range, range.now + 60_000)).toBe(SLIDER_STEPS);
    expect(stepOf(range, range.first - 60_000)).toBe(0);
    expect(momentOf(range, SLIDER_STEPS / 2)).toBe(Date.UTC(2026, 0, 1, 0, 30));
  });

  it('tells moments minutes apart when the range is short', () => {
    expect(stepOf(range, Date.UTC(2026, 0, 1, 0, 10))).not.toBe(stepOf(range, Date.UTC(2026, 0, 1, 0, 12)));
    expect(formatPast('2026-01-01T00:10:00Z', range)).not.toBe(formatPast('2026-01-01T00:12:00Z', range));
  });

  it('shows the date alone over a long range, and a typed date as that calendar day', () => {
    const long = { first: Date.UTC(2020, 0, 1), now: Date.UTC(2026, 0, 1) };
    expect(formatPast('2024-06-15T12:00:00Z', long)).toBe('June 15, 2024');
    expect(formatPast('2026-01-31', long)).toBe('January 31, 2026');
  });
});

describe('a past marker’s style', () => {
  it('is removed when it is gone, changed when moved, renamed or retyped, else plain', () => {
    expect(sinceStyle(['moved', 'removed'])).toBe('removed');
    expect(sinceStyle(['renamed'])).toBe('changed');
    expect(sinceStyle(['retyped'])).toBe('changed');
    expect(sinceStyle(['added'])).toBeNull();
    expect(sinceStyle([])).toBeNull();
    expect(sinceStyle(undefined)).toBeNull();
  });
});
