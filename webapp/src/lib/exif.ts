/**
 * A small EXIF reader for JPEG photos (SPEC §3 Photo EXIF summary): location, time, camera,
 * orientation and size. Reads only the head of the file (EXIF sits in an APP1 segment of at most
 * 64 KiB near the start); anything else (PNG, WebP, a JPEG without EXIF, truncated or malformed
 * data) yields nulls where nothing could be read.
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

const TYPE_SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8 };

interface Entry {
  tag: number;
  type: number;
  count: number;
  valueOffset: number;
}

class Tiff {
  constructor(
    private readonly view: DataView,
    private readonly base: number,
    private readonly little: boolean,
  ) {}
  u16(o: number) {
    return this.view.getUint16(this.base + o, this.little);
  }
  u32(o: number) {
    return this.view.getUint32(this.base + o, this.little);
  }
  entries(ifd: number): Entry[] {
    const n = this.u16(ifd);
    const out: Entry[] = [];
    for (let i = 0; i < n; i++) {
      const at = ifd + 2 + i * 12;
      const type = this.u16(at + 2);
      const count = this.u32(at + 4);
      const size = (TYPE_SIZE[type] ?? 1) * count;
      out.push({ tag: this.u16(at), type, count, valueOffset: size <= 4 ? at + 8 : this.u32(at + 8) });
    }
    return out;
  }
  ascii(e: Entry): string {
    let s = '';
    for (let i = 0; i < Math.min(e.count, 256); i++) {
      const c = this.view.getUint8(this.base + e.valueOffset + i);
      if (c === 0) break;
      s += String.fromCharCode(c);
    }
    return s.trim();
  }
  num(e: Entry): number | null {
    if (e.type === 3) return this.u16(e.valueOffset);
    if (e.type === 4) return this.u32(e.valueOffset);
    return null;
  }
  /** RATIONAL (5) or SRATIONAL (10) values; NaN for a zero denominator. */
  rationals(e: Entry): number[] {
    const out: number[] = [];
    const signed = e.type === 10;
    for (let i = 0; i < e.count; i++) {
      const at = this.base + e.valueOffset + i * 8;
      const num = signed ? this.view.getInt32(at, this.little) : this.view.getUint32(at, this.little);
      const den = signed ? this.view.getInt32(at + 4, this.little) : this.view.getUint32(at + 4, this.little);
      out.push(den === 0 ? Number.NaN : num / den);
    }
    return out;
  }
}

function dms(values: number[], ref: string): number | null {
  const [d = Number.NaN, m = 0, s = 0] = values;
  const v = Math.abs(d) + m / 60 + s / 3600;
  if (!Number.isFinite(v)) return null;
  // Without a reference, a signed degree value (SRATIONAL) gives the hemisphere.
  const negative = ref ? ref === 'S' || ref === 'W' : d < 0;
  return negative ? -v : v;
}

const EXIF_HEADER = 0x45786966; // "Exif"

/** The EXIF of a TIFF structure at `base` (after "Exif\0\0"). */
function parseTiff(view: DataView, base: number, out: ExifSummary): void {
  const order = view.getUint16(base);
  if (order !== 0x4949 && order !== 0x4d4d) return;
  const little = order === 0x4949;
  const tiff = new Tiff(view, base, little);
  if (tiff.u16(2) !== 42) return;
  const ifd0 = tiff.entries(tiff.u32(4));
  let gpsIfd: number | null = null;
  let exifIfd: number | null = null;
  for (const e of ifd0) {
    if (e.tag === 0x010f) out.make = tiff.ascii(e) || null;
    else if (e.tag === 0x0110) out.model = tiff.ascii(e) || null;
    else if (e.tag === 0x0112) out.orientation = tiff.num(e);
    else if (e.tag === 0x0132 && !out.dateTime) out.dateTime = tiff.ascii(e) || null;
    else if (e.tag === 0x8825) gpsIfd = tiff.u32(e.valueOffset);
    else if (e.tag === 0x8769) exifIfd = tiff.u32(e.valueOffset);
  }
  // Each sub-IFD on its own: a broken one must not lose what the other holds.
  if (gpsIfd !== null) {
    try {
      readGps(tiff, gpsIfd, out);
    } catch {
      // Malformed GPS directory: no location.
    }
  }
  if (exifIfd !== null) {
    try {
      for (const e of tiff.entries(exifIfd)) {
        if (e.tag === 0x9003) out.dateTime = tiff.ascii(e) || out.dateTime;
        else if (e.tag === 0xa002) out.width = tiff.num(e);
        else if (e.tag === 0xa003) out.height = tiff.num(e);
      }
    } catch {
      // Malformed EXIF directory: keep what IFD0 gave.
    }
  }
}

function readGps(tiff: Tiff, ifd: number, out: ExifSummary): void {
  let latRef = '';
  let lonRef = '';
  let lat: number[] | null = null;
  let lon: number[] | null = null;
  for (const e of tiff.entries(ifd)) {
    if (e.tag === 1) latRef = tiff.ascii(e).toUpperCase();
    else if (e.tag === 2 && (e.type === 5 || e.type === 10)) lat = tiff.rationals(e);
    else if (e.tag === 3) lonRef = tiff.ascii(e).toUpperCase();
    else if (e.tag === 4 && (e.type === 5 || e.type === 10)) lon = tiff.rationals(e);
  }
  const la = lat ? dms(lat, latRef) : null;
  const lo = lon ? dms(lon, lonRef) : null;
  // 0,0 is what cameras write when they had no fix.
  if (la !== null && lo !== null && Math.abs(la) <= 90 && Math.abs(lo) <= 180 && !(la === 0 && lo === 0)) {
    out.latitude = la;
    out.longitude = lo;
  }
}

/** EXIF from the bytes of a JPEG; nulls where absent. */
export function parseExif(buffer: ArrayBuffer): ExifSummary {
  const out: ExifSummary = { ...EMPTY_EXIF };
  try {
    const view = new DataView(buffer);
    if (view.byteLength < 4 || view.getUint16(0) !== 0xffd8) return out;
    let offset = 2;
    while (offset + 4 <= view.byteLength) {
      if (view.getUint8(offset) !== 0xff) break;
      const marker = view.getUint16(offset);
      // Fill bytes (0xFF padding) may precede a marker.
      if (marker === 0xffff) {
        offset += 1;
        continue;
      }
      // Image data or its end: no EXIF past here.
      if (marker === 0xffda || marker === 0xffd9) break;
      // Markers without a length.
      if (marker === 0xff01 || (marker >= 0xffd0 && marker <= 0xffd7)) {
        offset += 2;
        continue;
      }
      const length = view.getUint16(offset + 2);
      if (length < 2) break;
      if (marker === 0xffe1 && offset + 10 <= view.byteLength && view.getUint32(offset + 4) === EXIF_HEADER) {
        parseTiff(view, offset + 10, out);
        return out;
      }
      offset += 2 + length;
    }
  } catch {
    // Truncated or malformed EXIF: keep what was read.
  }
  return out;
}

/** How much of a file is read: the EXIF segment sits near the start, after JFIF at most. */
const HEAD_BYTES = 256 * 1024;

function readBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (reader.result instanceof ArrayBuffer ? resolve(reader.result) : reject(new Error('Unreadable file')));
    reader.onerror = () => reject(reader.error ?? new Error('Unreadable file'));
    reader.readAsArrayBuffer(blob);
  });
}

/** The EXIF summary of a photo file; all nulls for a file without (readable) EXIF. */
export async function readExif(file: Blob): Promise<ExifSummary> {
  try {
    const buffer = await readBytes(file.slice(0, HEAD_BYTES));
    return parseExif(buffer);
  } catch {
    return { ...EMPTY_EXIF };
  }
}
