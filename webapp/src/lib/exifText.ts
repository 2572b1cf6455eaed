/**
 * A photo's EXIF in words for people: when it was taken, as a date and time rather than the
 * camera's "2026:11:20 14:03:22", and the camera, without "Pixel Pixel 7".
 */
import { formatDateTime } from './format';

/** EXIF's DateTimeOriginal and DateTime: "YYYY:MM:DD HH:MM:SS", the camera's clock, no zone. */
const EXIF_DATE_TIME = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/**
 * The moment an EXIF date-time names, read as local time (EXIF says which wall-clock time the
 * camera showed, not where); null unless it is that form and a real date and time, so also for
 * the "0000:00:00 00:00:00" cameras write when their clock was never set.
 */
export function parseExifDateTime(raw: string | null | undefined): Date | null {
  const m = raw ? EXIF_DATE_TIME.exec(raw.trim()) : null;
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const d = new Date(year, month - 1, day, hour, minute, second);
  // Date rolls 31 April over to 1 May, 25:00 to the next day and 0000:00:00 back to 1899 (years
  // below 100 mean 19xx to it): such values are not a moment.
  const same =
    d.getFullYear() === year &&
    d.getMonth() === month - 1 &&
    d.getDate() === day &&
    d.getHours() === hour &&
    d.getMinutes() === minute &&
    d.getSeconds() === second;
  return same ? d : null;
}

/** When a photo was taken, for people ("20 November 2026, 14:03:22"); other text as it is. */
export function formatExifDateTime(raw: string | null | undefined): string {
  const d = parseExifDateTime(raw);
  return d ? formatDateTime(d) : (raw?.trim() ?? '');
}

/**
 * The camera from EXIF's Make and Model: "Google Pixel 8", and "Pixel 7" (not "Pixel Pixel 7")
 * or "Canon EOS R5" where the model already starts with the make, whatever their case. Empty
 * when neither is known.
 */
export function cameraName(make: string | null | undefined, model: string | null | undefined): string {
  const mk = make?.trim() ?? '';
  const md = model?.trim() ?? '';
  if (mk && md.toLowerCase().startsWith(mk.toLowerCase())) return md;
  return [mk, md].filter(Boolean).join(' ');
}
