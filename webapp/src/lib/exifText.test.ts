import { describe, expect, it } from 'vitest';
import { cameraName, formatExifDateTime, parseExifDateTime } from './exifText';
import { formatDateTime } from './format';

describe('when a photo was taken, from its EXIF', () => {
  it('reads "YYYY:MM:DD HH:MM:SS" as that wall-clock time', () => {
    // Given the date-time a camera wrote
    const raw = '2026:11:20 14:03:22';
    // When it is read
    const d = parseExifDateTime(raw);
    // Then it is that local moment
    expect(d).not.toBeNull();
    expect([d!.getFullYear(), d!.getMonth() + 1, d!.getDate(), d!.getHours(), d!.getMinutes(), d!.getSeconds()]).toEqual([2026, 11, 20, 14, 3, 22]);
  });

  it.each([
    ['an unset camera clock', '0000:00:00 00:00:00'],
    ['a day the month does not have', '2026:04:31 10:00:00'],
    ['an hour past the day', '2026:11:20 25:00:00'],
    ['an ISO date', '2026-11-20T14:03:22'],
    ['a date without a time', '2026:11:20'],
    ['words', 'yesterday'],
    ['nothing', ''],
  ])('reads no moment from %s', (_what, raw) => {
    // Given a value that is not a real EXIF date-time; when it is read; then there is no moment
    expect(parseExifDateTime(raw)).toBeNull();
  });

  it('shows people a readable date and time, not the raw EXIF text', () => {
    // Given the date-time a camera wrote
    const raw = '2026:11:20 14:03:22';
    // When it is shown
    const shown = formatExifDateTime(raw);
    // Then it reads as the app's other moments do
    expect(shown).toBe(formatDateTime(new Date(2026, 10, 20, 14, 3, 22)));
    expect(shown).toContain('2026');
    expect(shown).not.toContain('2026:11:20');
  });

  it('shows a value it cannot read as it is, and nothing as nothing', () => {
    // Given values that are no EXIF date-time; when they are shown; then as they came
    expect(formatExifDateTime('2026:04:31 10:00:00')).toBe('2026:04:31 10:00:00');
    expect(formatExifDateTime(' sometime in spring ')).toBe('sometime in spring');
    expect(formatExifDateTime(null)).toBe('');
  });
});

describe('the camera, from its EXIF make and model', () => {
  it.each([
    ['Google', 'Pixel 8', 'Google Pixel 8'],
    ['Pixel', 'Pixel 7', 'Pixel 7'],
    ['Canon', 'Canon EOS R5', 'Canon EOS R5'],
    ['NIKON', 'Nikon D750', 'Nikon D750'],
    [' Apple ', ' iPhone 15 ', 'Apple iPhone 15'],
    ['Canon', null, 'Canon'],
    [null, 'Pixel 8', 'Pixel 8'],
    [null, null, ''],
  ])('make %j and model %j are shown as %j', (make, model, shown) => {
    // Given a make and a model; when the camera is named; then the make is said once
    expect(cameraName(make, model)).toBe(shown);
  });
});
