/**
 * Small JPEGs with EXIF built byte by byte, for tests of the EXIF reader and the add flow:
 * SOI, optionally a JFIF APP0, an APP1 "Exif" segment (IFD0 with make/model/orientation and
 * pointers to a GPS IFD and an EXIF IFD), EOI. Either byte order. The TIFF structure alone
 * (`tiffWithExif`) is what a HEIC's Exif item holds too (see heic.ts).
 */

type Dms = [number, number, number];

export interface JpegExif {
  gps?: { lat: Dms; latRef: 'N' | 'S'; lon: Dms; lonRef: 'E' | 'W' };
  /** Intel (II) byte order, as most phones write; default Motorola (MM). */
  little?: boolean;
  /** A JFIF APP0 segment before the EXIF one, as many editors write. */
  jfif?: boolean;
  make?: string;
  model?: string;
  dateTimeOriginal?: string;
  /** IFD0 Orientation (1-8). */
  orientation?: number;
  /** The EXIF IFD's pixel dimensions (PixelXDimension, PixelYDimension), as LONG values. */
  size?: { width: number; height: number };
  /** Points the EXIF IFD somewhere else (a broken file). */
  exifPointer?: number;
}

interface Entry {
  tag: number;
  type: number;
  count: number;
  /** The value's bytes (already in the byte order), or a pointer filled in later. */
  data: number[] | { pointer: 'gps' | 'exif' };
}

/** The TIFF structure of an EXIF block: byte order mark, IFD0 and its GPS and EXIF directories. */
export function tiffWithExif(o: JpegExif = {}): number[] {
  const little = o.little ?? false;
  const u16 = (v: number) => (little ? [v & 255, (v >> 8) & 255] : [(v >> 8) & 255, v & 255]);
  const u32 = (v: number) =>
    little
      ? [v & 255, (v >> 8) & 255, (v >> 16) & 255, (v >>> 24) & 255]
      : [(v >>> 24) & 255, (v >> 16) & 255, (v >> 8) & 255, v & 255];
  const ascii = (s: string) => [...Array.from(s, (c) => c.charCodeAt(0)), 0];
  const rationals = (vs: number[]) => vs.flatMap((v) => [...u32(Math.round(v * 100)), ...u32(100)]);

  const ifd0: Entry[] = [];
  if (o.make) ifd0.push({ tag: 0x010f, type: 2, count: o.make.length + 1, data: ascii(o.make) });
  if (o.model) ifd0.push({ tag: 0x0110, type: 2, count: o.model.length + 1, data: ascii(o.model) });
  if (o.orientation !== undefined) ifd0.push({ tag: 0x0112, type: 3, count: 1, data: u16(o.orientation) });
  if (o.dateTimeOriginal || o.size) ifd0.push({ tag: 0x8769, type: 4, count: 1, data: { pointer: 'exif' } });
  if (o.gps) ifd0.push({ tag: 0x8825, type: 4, count: 1, data: { pointer: 'gps' } });
  const gps: Entry[] = o.gps
    ? [
        { tag: 1, type: 2, count: 2, data: [o.gps.latRef.charCodeAt(0), 0] },
        { tag: 2, type: 5, count: 3, data: rationals(o.gps.lat) },
        { tag: 3, type: 2, count: 2, data: [o.gps.lonRef.charCodeAt(0), 0] },
        { tag: 4, type: 5, count: 3, data: rationals(o.gps.lon) },
      ]
    : [];
  const exif: Entry[] = [];
  if (o.dateTimeOriginal) exif.push({ tag: 0x9003, type: 2, count: o.dateTimeOriginal.length + 1, data: ascii(o.dateTimeOriginal) });
  if (o.size) {
    exif.push({ tag: 0xa002, type: 4, count: 1, data: u32(o.size.width) });
    exif.push({ tag: 0xa003, type: 4, count: 1, data: u32(o.size.height) });
  }

  const ifdSize = (entries: Entry[]) => 2 + entries.length * 12 + 4;
  const dataSize = (entries: Entry[]) =>
    entries.reduce((n, e) => n + (Array.isArray(e.data) && e.data.length > 4 ? e.data.length : 0), 0);
  const at0 = 8;
  const atGps = at0 + ifdSize(ifd0) + dataSize(ifd0);
  const atExif = atGps + (gps.length ? ifdSize(gps) + dataSize(gps) : 0);

  const out: number[] = [...(little ? [0x49, 0x49] : [0x4d, 0x4d]), ...u16(42), ...u32(at0)];
  const writeIfd = (entries: Entry[], start: number) => {
    let data = start + ifdSize(entries);
    const tail: number[] = [];
    out.push(...u16(entries.length));
    for (const e of entries) {
      out.push(...u16(e.tag), ...u16(e.type), ...u32(e.count));
      if (!Array.isArray(e.data)) out.push(...u32(e.data.pointer === 'gps' ? atGps : (o.exifPointer ?? atExif)));
      else if (e.data.length <= 4) out.push(...e.data, ...Array<number>(4 - e.data.length).fill(0));
      else {
        out.push(...u32(data));
        tail.push(...e.data);
        data += e.data.length;
      }
    }
    out.push(...u32(0), ...tail);
  };
  writeIfd(ifd0, at0);
  if (gps.length) writeIfd(gps, atGps);
  if (exif.length) writeIfd(exif, atExif);
  return out;
}

export function jpegWithExif(o: JpegExif = {}): Uint8Array<ArrayBuffer> {
  const out = tiffWithExif(o);
  const header = [0x45, 0x78, 0x69, 0x66, 0, 0];
  const len = 2 + header.length + out.length;
  const app0 = o.jfif ? [0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0] : [];
  return new Uint8Array([0xff, 0xd8, ...app0, 0xff, 0xe1, (len >> 8) & 255, len & 255, ...header, ...out, 0xff, 0xd9]);
}

/** Stanley Park's Girl in a Wetsuit, roughly: 49.3030 N, 123.1264 W. */
export const WETSUIT = { lat: [49, 18, 10.8] as Dms, latRef: 'N' as const, lon: [123, 7, 35.04] as Dms, lonRef: 'W' as const };

export function jpegFile(name: string, exif?: JpegExif): File {
  return new File([jpegWithExif(exif)], name, { type: 'image/jpeg' });
}

/** A JPEG with no EXIF at all. */
export function plainJpeg(name: string): File {
  return new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], name, { type: 'image/jpeg' });
}
