/**
 * The EXIF summary of a photo (SPEC §3 Photo EXIF summary): location, time, camera, orientation
 * and size, read with exifr from a JPEG (APP1 segment) or a HEIC/HEIF photo as phones take them
 * (the Exif item of the meta box). exifr is loaded on first use (./exifrParser: its core and the
 * plugins needed, without tag dictionaries): the few tags used are picked by number and read raw.
 * Anything else (PNG, WebP, a photo without EXIF, truncated or malformed data, or exifr failing to
 * load) yields nulls where nothing was read.
 */

export interface ExifSummary {
  latitude: number | null;
  longitude: number | null;
  dateTime: string | null;
  make: string | null;
  model: string | null;
  orientation: number | null;
  width: number | null;
  height: number | null;
}

export const EMPTY_EXIF: ExifSummary = {
  latitude: null,
  longitude: null,
  dateTime: null,
  make: null,
  model: null,
  orientation: null,
  width: null,
  height: null,
};

/** The tags read, by directory (TIFF IFD0, its EXIF and GPS sub-directories). */
const IFD0 = { make: 0x010f, model: 0x0110, orientation: 0x0112, dateTime: 0x0132 } as const;
const EXIF = { dateTimeOriginal: 0x9003, width: 0xa002, height: 0xa003 } as const;
const GPS = { latitudeRef: 0x0001, latitude: 0x0002, longitudeRef: 0x0003, longitude: 0x0004 } as const;

/**
 * How much of a file is read first: a JPEG's EXIF segment sits near the start, after JFIF at most
 * (as before exifr, none is looked for further on), as does a HEIC's meta box mostly; exifr reads
 * more of a HEIC where its meta box or Exif item lie further on.
 */
const HEAD_BYTES = 256 * 1024;

const OPTIONS = {
  // A list picks just those tags of a directory (numbers, as no dictionaries are bundled).
  ifd0: Object.values(IFD0),
  exif: Object.values(EXIF),
  gps: Object.values(GPS),
  // Raw values under their tag numbers, one object per directory; dates stay EXIF strings.
  translateKeys: false,
  translateValues: false,
  reviveValues: false,
  mergeOutput: false,
  firstChunkSize: HEAD_BYTES,
};

type Directory = Partial<Record<number, unknown>>;

function directory(parsed: unknown, key: 'ifd0' | 'exif' | 'gps'): Directory {
  const value = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>)[key] : undefined;
  return typeof value === 'object' && value !== null ? value : {};
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value.trim() || null : null;
}

function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

/** Degrees, minutes, seconds (RATIONAL or SRATIONAL values, as exifr reads them). */
function numbers(value: unknown): number[] | null {
  if (typeof value === 'number') return [value];
  return Array.isArray(value) && value.every((v) => typeof v === 'number') ? value : null;
}

function dms(values: number[], ref: string): number | null {
  const [d = Number.NaN, m = 0, s = 0] = values;
  const v = Math.abs(d) + m / 60 + s / 3600;
  // A zero denominator (NaN or Infinity from exifr) is no value.
  if (!Number.isFinite(v)) return null;
  // Without a reference, a signed degree value (SRATIONAL) gives the hemisphere.
  const negative = ref ? ref === 'S' || ref === 'W' : d < 0;
  return negative ? -v : v;
}

function location(gps: Directory): Pick<ExifSummary, 'latitude' | 'longitude'> {
  const lat = numbers(gps[GPS.latitude]);
  const lon = numbers(gps[GPS.longitude]);
  const la = lat ? dms(lat, text(gps[GPS.latitudeRef])?.toUpperCase() ?? '') : null;
  const lo = lon ? dms(lon, text(gps[GPS.longitudeRef])?.toUpperCase() ?? '') : null;
  // 0,0 is what cameras write when they had no fix.
  if (la !== null && lo !== null && Math.abs(la) <= 90 && Math.abs(lo) <= 180 && !(la === 0 && lo === 0)) {
    return { latitude: la, longitude: lo };
  }
  return { latitude: null, longitude: null };
}

/** The summary of exifr's output. A broken directory is missing from it, not the others. */
function summarise(parsed: unknown): ExifSummary {
  const ifd0 = directory(parsed, 'ifd0');
  const exif = directory(parsed, 'exif');
  return {
    ...location(directory(parsed, 'gps')),
    dateTime: text(exif[EXIF.dateTimeOriginal]) ?? text(ifd0[IFD0.dateTime]),
    make: text(ifd0[IFD0.make]),
    model: text(ifd0[IFD0.model]),
    orientation: count(ifd0[IFD0.orientation]),
    width: count(exif[EXIF.width]),
    height: count(exif[EXIF.height]),
  };
}

/** Top-level boxes looked at before a HEIF file's meta box (ftyp, then meta or mdat and meta). */
const MAX_BOXES_BEFORE_META = 32;
const META = 0x6d657461; // "meta"

/**
 * Whether exifr (7.1.3) would hang on the file. It takes a file starting with two zero bytes for
 * HEIF (HEIC, AVIF) and walks its top-level boxes until one is `meta`, without end on a box of
 * size 0 ("to the end of the file") or of a 64-bit size it misreads (it joins the halves with
 * `<< 32`), freezing the page. This walks the boxes as exifr does and tells whether that walk
 * would not end at a meta box.
 */
async function wouldHangExifr(file: Blob): Promise<boolean> {
  let at = 0;
  for (let boxes = 0; boxes <= MAX_BOXES_BEFORE_META; boxes++) {
    const head = new DataView(await file.slice(at, at + 16).arrayBuffer());
    if (boxes === 0 && (head.byteLength < 2 || head.getUint16(0) !== 0)) return false;
    if (head.byteLength < 8) return true;
    // exifr starts after the first box (ftyp), whatever it is called.
    if (boxes > 0 && head.getUint32(4) === META) return false;
    let size = head.getUint32(0);
    if (size === 1) {
      // A 64-bit size, which exifr reads right only when below 2^31.
      if (head.byteLength < 16 || head.getUint32(8) !== 0 || head.getUint32(12) >= 2 ** 31) return true;
      size = head.getUint32(12);
    }
    if (size < 8) return true;
    at += size;
  }
  return true;
}

/** The EXIF summary of a photo file (JPEG or HEIC); all nulls for a file without (readable) EXIF. */
export async function readExif(file: Blob): Promise<ExifSummary> {
  try {
    if (await wouldHangExifr(file)) return { ...EMPTY_EXIF };
    const { parse } = await import('./exifrParser');
    // exifr collects errors in directories instead of throwing; it throws for an unknown format.
    return summarise(await parse(file, OPTIONS));
  } catch {
    return { ...EMPTY_EXIF };
  }
}

/** EXIF from the bytes of a photo; nulls where absent. */
export function parseExif(buffer: ArrayBuffer): Promise<ExifSummary> {
  return readExif(new Blob([buffer]));
}
