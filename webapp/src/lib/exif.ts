/**
 * A small EXIF reader for JPEG photos (SPEC §3 Photo EXIF summary): location, time, camera,
 * orientation and size. Reads only the first 128 KiB; anything unreadable yields nulls.
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
    for (let i = 0; i < e.count; i++) {
      const c = this.view.getUint8(this.base + e.valueOffset + i);
      if (c === 0) break;
      s += String.fromCharCode(c);
    }
    return s.trim();
  }
  num(e: Entry): number {
    if (e.type === 3) return this.u16(e.valueOffset);
    if (e.type === 4) return this.u32(e.valueOffset);
    return Number.NaN;
  }
  rationals(e: Entry): number[] {
    const out: number[] = [];
    for (let i = 0; i < e.count; i++) {
      const num = this.u32(e.valueOffset + i * 8);
      const den = this.u32(e.valueOffset + i * 8 + 4);
      out.push(den === 0 ? Number.NaN : num / den);
    }
    return out;
  }
}

function dms(values: number[], ref: string): number | null {
  const [d = Number.NaN, m = 0, s = 0] = values;
  const v = d + m / 60 + s / 3600;
  if (!Number.isFinite(v)) return null;
  return ref === 'S' || ref === 'W' ? -v : v;
}

/** EXIF from the bytes of a JPEG; nulls where absent. */
export function parseExif(buffer: ArrayBuffer): ExifSummary {
  const out: ExifSummary = { ...EMPTY_EXIF };
  try {
    const view = new DataView(buffer);
    if (view.getUint16(0) !== 0xffd8) return out;
    let offset = 2;
    while (offset + 4 < view.byteLength) {
      const marker = view.getUint16(offset);
      const length = view.getUint16(offset + 2);
      if (marker === 0xffe1 && view.getUint32(offset + 4) === 0x45786966) {
        const base = offset + 10;
        const little = view.getUint16(base) === 0x4949;
        const tiff = new Tiff(view, base, little);
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
        if (exifIfd !== null) {
          for (const e of tiff.entries(exifIfd)) {
            if (e.tag === 0x9003) out.dateTime = tiff.ascii(e) || out.dateTime;
            else if (e.tag === 0xa002) out.width = tiff.num(e);
            else if (e.tag === 0xa003) out.height = tiff.num(e);
          }
        }
        if (gpsIfd !== null) {
          let latRef = 'N';
          let lonRef = 'E';
          let lat: number[] | null = null;
          let lon: number[] | null = null;
          for (const e of tiff.entries(gpsIfd)) {
            if (e.tag === 1) latRef = String.fromCharCode(view.getUint8(base + e.valueOffset));
            else if (e.tag === 2) lat = tiff.rationals(e);
            else if (e.tag === 3) lonRef = String.fromCharCode(view.getUint8(base + e.valueOffset));
            else if (e.tag === 4) lon = tiff.rationals(e);
          }
          const la = lat ? dms(lat, latRef) : null;
          const lo = lon ? dms(lon, lonRef) : null;
          if (la !== null && lo !== null && Math.abs(la) <= 90 && Math.abs(lo) <= 180 && !(la === 0 && lo === 0)) {
            out.latitude = la;
            out.longitude = lo;
          }
        }
        return out;
      }
      if ((marker & 0xff00) !== 0xff00 || marker === 0xffda) break;
      offset += 2 + length;
    }
  } catch {
    // Truncated or malformed EXIF: keep what was read.
  }
  return out;
}

export async function readExif(file: Blob): Promise<ExifSummary> {
  try {
    const buffer = await file.slice(0, 128 * 1024).arrayBuffer();
    return parseExif(buffer);
  } catch {
    return { ...EMPTY_EXIF };
  }
}
