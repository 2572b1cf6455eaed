import { describe, expect, it } from 'vitest';
import { heicFile, heicWithExif } from '../testing/heic';
import { jpegFile, jpegWithExif, plainJpeg, WETSUIT } from '../testing/jpeg';
import { parseExif, readExif } from './exif';
import { clearFastUpload, getFastUpload, locationSource, startFastUpload, updateFastUploadLocation } from './fastUpload';
import { PHOTO_MESSAGES, photoProblem } from './photoRules';

const buffer = (bytes: Uint8Array<ArrayBuffer>) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);

describe('EXIF of JPEG photos (SPEC §3)', () => {
  it.each([
    ['Motorola (big-endian)', false, false],
    ['Intel (little-endian), as phones write', true, false],
    ['after a JFIF segment', true, true],
  ])('reads the GPS position, camera and time in %s order', async (_name, little, jfif) => {
    const exif = await parseExif(
      buffer(jpegWithExif({ gps: WETSUIT, little, jfif, make: 'Pixel', model: 'Pixel 8', dateTimeOriginal: '2025:05:01 12:30:00' })),
    );
    expect(exif.latitude).toBeCloseTo(49.303, 5);
    expect(exif.longitude).toBeCloseTo(-123.1264, 5);
    expect(exif.make).toBe('Pixel');
    expect(exif.model).toBe('Pixel 8');
    expect(exif.dateTime).toBe('2025:05:01 12:30:00');
  });

  it('keeps the camera when there is no GPS directory', async () => {
    const exif = await parseExif(buffer(jpegWithExif({ make: 'Canon', little: true })));
    expect(exif).toMatchObject({ make: 'Canon', latitude: null, longitude: null });
  });

  it('keeps the GPS position when another directory is broken', async () => {
    const exif = await parseExif(buffer(jpegWithExif({ gps: WETSUIT, little: true, dateTimeOriginal: '2025:05:01 12:30:00', exifPointer: 60_000 })));
    expect(exif.latitude).toBeCloseTo(49.303, 5);
    expect(exif.dateTime).toBeNull();
  });

  it('treats 0,0 (no fix) as no location', async () => {
    const exif = await parseExif(buffer(jpegWithExif({ gps: { lat: [0, 0, 0], latRef: 'N', lon: [0, 0, 0], lonRef: 'E' } })));
    expect(exif.latitude).toBeNull();
  });

  it('gives nulls for a truncated EXIF segment, a PNG and an empty file', async () => {
    const whole = jpegWithExif({ gps: WETSUIT, little: true });
    expect((await parseExif(buffer(whole.slice(0, 40)))).latitude).toBeNull();
    expect((await parseExif(buffer(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))).latitude).toBeNull();
    expect((await parseExif(new ArrayBuffer(0))).latitude).toBeNull();
  });

  it('reads the orientation and the pixel size', async () => {
    const exif = await parseExif(buffer(jpegWithExif({ little: true, orientation: 6, size: { width: 4032, height: 3024 } })));
    expect(exif).toMatchObject({ orientation: 6, width: 4032, height: 3024, latitude: null, make: null });
  });

  it('reads a File, and a file without EXIF gives nulls', async () => {
    expect((await readExif(jpegFile('wetsuit.jpg', { gps: WETSUIT, little: true }))).latitude).toBeCloseTo(49.303, 5);
    expect(await readExif(plainJpeg('plain.jpg'))).toMatchObject({ latitude: null, longitude: null, make: null });
    expect((await readExif(new File(['hello'], 'notes.txt', { type: 'text/plain' }))).latitude).toBeNull();
  });
});

describe('EXIF of HEIC photos, as phones take them', () => {
  const PHONE = { gps: WETSUIT, make: 'Apple', model: 'iPhone 15', dateTimeOriginal: '2025:05:01 12:30:00', orientation: 6 };
  /** The HEIC with `head` (box headers, and bodies if any) put between ftyp (24 bytes) and meta. */
  const withBoxAfterFtyp = (bytes: Uint8Array<ArrayBuffer>, head: number[]) =>
    new Uint8Array([...bytes.slice(0, 24), ...head, ...bytes.slice(24)]);

  it('reads the GPS position, camera, time and orientation from the Exif item', async () => {
    const exif = await readExif(heicFile('IMG_0001.HEIC', { ...PHONE, size: { width: 4032, height: 3024 } }));
    expect(exif.latitude).toBeCloseTo(49.303, 5);
    expect(exif.longitude).toBeCloseTo(-123.1264, 5);
    expect(exif).toMatchObject({
      make: 'Apple',
      model: 'iPhone 15',
      dateTime: '2025:05:01 12:30:00',
      orientation: 6,
      width: 4032,
      height: 3024,
    });
  });

  it.each([
    ['in Intel byte order', { little: true }],
    ['behind 400 KB of image data, past the first read', { imageBytes: 400_000 }],
    ['with meta after mdat, as some Android phones write', { metaLast: true }],
    ['with a 64-bit mdat size before meta', { metaLast: true, largeMdat: true }],
  ])('finds the Exif item %s', async (_name, layout) => {
    const exif = await parseExif(buffer(heicWithExif({ ...PHONE, ...layout })));
    expect(exif.latitude).toBeCloseTo(49.303, 5);
    expect(exif.longitude).toBeCloseTo(-123.1264, 5);
    expect(exif.make).toBe('Apple');
  });

  it('gives nulls for a HEIC cut short before its Exif item or inside its meta box', async () => {
    const whole = heicWithExif({ ...PHONE, imageBytes: 1000 });
    for (const end of [40, 200, 600]) {
      expect(await parseExif(buffer(whole.slice(0, end)))).toMatchObject({ latitude: null, make: null });
    }
  });

  it('gives nulls, without hanging, where exifr’s walk to the meta box would not end', async () => {
    // Without readExif's check exifr loops here in microtasks, so this test would hang, not fail.
    const heic = heicWithExif(PHONE);
    // A box of size 0 (to the end of the file) before meta.
    expect((await parseExif(buffer(withBoxAfterFtyp(heic, [0, 0, 0, 0, 0x66, 0x72, 0x65, 0x65])))).make).toBeNull();
    // A 16-byte box, then one whose 64-bit size (2^32 - 16) exifr reads as -16: back to the first.
    const free = [0, 0, 0, 16, 0x66, 0x72, 0x65, 0x65, ...Array<number>(8).fill(0)];
    const back = [0, 0, 0, 1, 0x66, 0x72, 0x65, 0x65, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xf0];
    expect((await parseExif(buffer(withBoxAfterFtyp(heic, [...free, ...back])))).make).toBeNull();
  });
});

describe('the fast-upload session from files (SPEC §2, §3, §5)', () => {
  it('reads each photo’s location, takes the first found, and leaves out what is not an image', async () => {
    const s = await startFastUpload([
      plainJpeg('plain.jpg'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
      jpegFile('wetsuit.jpg', { gps: WETSUIT, little: true }),
    ]);
    expect(s.photos.map((p) => p.name)).toEqual(['plain.jpg', 'wetsuit.jpg']);
    expect(s.photos[0]!.exif).toEqual({ latitude: null, longitude: null });
    expect(s.location?.latitude).toBeCloseTo(49.303, 5);
    expect(s.detectedSources.exif.detected).toBe(true);
    expect(locationSource(s)).toBe('exif');
    expect(getFastUpload()).toBe(s);
    clearFastUpload();
  });

  it('without any location says so, and knows a location placed by hand', async () => {
    const s = await startFastUpload([plainJpeg('plain.jpg')]);
    expect(s.location).toBeNull();
    expect(s.detectedSources.exif).toEqual({ detected: false, error: 'No location in photo', coordinates: null });
    updateFastUploadLocation({ latitude: 49.1, longitude: -123.1 });
    expect(locationSource(getFastUpload()!)).toBe('manual');
    clearFastUpload();
    expect(sessionStorage.getItem('plinth-fast-upload')).toBeNull();
  });
});

describe('photo rules of POST /logbook', () => {
  const jpeg = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });

  it('needs a photo only when required, at most 10, each at most 15 MB, JPEG, PNG or WebP', () => {
    expect(photoProblem([], true)).toBe(PHOTO_MESSAGES.none);
    expect(photoProblem([], false)).toBeNull();
    expect(photoProblem(Array.from({ length: 11 }, (_, i) => jpeg(`${i}.jpg`)), true)).toBe(PHOTO_MESSAGES.tooMany);
    const big = jpeg('big.jpg');
    Object.defineProperty(big, 'size', { value: 15 * 1024 * 1024 + 1 });
    expect(photoProblem([big], true)).toMatch(/^Each photo must be at most 15 MB/);
    expect(photoProblem([new File(['x'], 'a.heic', { type: 'image/heic' })], true)).toMatch(/^Only JPEG, PNG and WebP/);
    expect(photoProblem([jpeg('a.jpg'), new File(['x'], 'b.webp', { type: 'image/webp' })], true)).toBeNull();
  });
});
