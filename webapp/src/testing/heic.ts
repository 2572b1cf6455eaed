/**
 * Minimal HEIC files built byte by byte (ISO/IEC 23008-12, ISO-BMFF boxes, big-endian), for tests
 * of the EXIF reader: as a phone writes them, an `ftyp` box (brand heic), a `meta` box describing
 * two items (the coded image, `hvc1`, and its `Exif` item) with `hdlr`, `pitm`, `iinf` and `iloc`,
 * and an `mdat` box holding the items' data. The Exif item is an ExifDataBlock: a 32-bit offset to
 * the TIFF header, "Exif\0\0", then the TIFF structure of `tiffWithExif`. The "image" is filler.
 */
import { tiffWithExif, type JpegExif } from './jpeg';

export interface HeicExif extends JpegExif {
  /** Bytes of image data stored before the Exif item in `mdat` (default 64). */
  imageBytes?: number;
  /** `mdat` before `meta`, as some Android phones write; default `meta` first, as iPhones do. */
  metaLast?: boolean;
  /** `mdat` with a 64-bit size (size field 1, then the size), as writers of large files do. */
  largeMdat?: boolean;
}

const u16 = (v: number) => [(v >> 8) & 255, v & 255];
const u32 = (v: number) => [(v >>> 24) & 255, (v >> 16) & 255, (v >> 8) & 255, v & 255];
const fourcc = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

function box(kind: string, body: number[]): number[] {
  return [...u32(8 + body.length), ...fourcc(kind), ...body];
}

/** A "full" box: version and 24 bits of flags before the body. */
function fullBox(kind: string, version: number, body: number[]): number[] {
  return box(kind, [version, 0, 0, 0, ...body]);
}

/** Item information, version 2: item id, protection index, item type, empty name. */
function infe(id: number, type: string): number[] {
  return fullBox('infe', 2, [...u16(id), ...u16(0), ...fourcc(type), 0]);
}

/** Item locations, version 1 with 32-bit offsets and lengths, one extent per item (file offsets). */
function iloc(items: { id: number; offset: number; length: number }[]): number[] {
  const body = [0x44, 0x00, ...u16(items.length)];
  for (const item of items) {
    // item id, construction method 0 (file offset), data reference 0, one extent.
    body.push(...u16(item.id), ...u16(0), ...u16(0), ...u16(1), ...u32(item.offset), ...u32(item.length));
  }
  return fullBox('iloc', 1, body);
}

export function heicWithExif(o: HeicExif = {}): Uint8Array<ArrayBuffer> {
  const image = Array<number>(o.imageBytes ?? 64).fill(0xaa);
  const exif = [...u32(6), ...fourcc('Exif'), 0, 0, ...tiffWithExif(o)];
  const ftyp = box('ftyp', [...fourcc('heic'), ...u32(0), ...fourcc('mif1'), ...fourcc('heic')]);
  const meta = (imageAt: number, exifAt: number) =>
    fullBox('meta', 0, [
      ...fullBox('hdlr', 0, [...u32(0), ...fourcc('pict'), ...u32(0), ...u32(0), ...u32(0), 0]),
      ...fullBox('pitm', 0, u16(1)),
      ...fullBox('iinf', 0, [...u16(2), ...infe(1, 'hvc1'), ...infe(2, 'Exif')]),
      ...iloc([
        { id: 1, offset: imageAt, length: image.length },
        { id: 2, offset: exifAt, length: exif.length },
      ]),
    ]);
  const data = [...image, ...exif];
  const mdat = o.largeMdat ? [...u32(1), ...fourcc('mdat'), ...u32(0), ...u32(16 + data.length), ...data] : box('mdat', data);
  const mdatHead = o.largeMdat ? 16 : 8;
  if (o.metaLast) {
    const dataAt = ftyp.length + mdatHead;
    return new Uint8Array([...ftyp, ...mdat, ...meta(dataAt, dataAt + image.length)]);
  }
  // The offsets do not change the meta box's size: lay it out once to learn where mdat's data starts.
  const dataAt = ftyp.length + meta(0, 0).length + mdatHead;
  return new Uint8Array([...ftyp, ...meta(dataAt, dataAt + image.length), ...mdat]);
}

export function heicFile(name: string, exif?: HeicExif): File {
  return new File([heicWithExif(exif)], name, { type: 'image/heic' });
}
