/**
 * Photos for the tests that send them: a real baseline JPEG drawn by Chromium's canvas encoder
 * (the server decodes it), with an EXIF APP1 segment carrying GPS and a camera spliced in by
 * `src/testing/jpeg.ts` where a test needs a location; and a new artwork sent with one.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { jpegWithExif } from '../src/testing/jpeg';

type Dms = [number, number, number];

export function dms(v: number): Dms {
  const a = Math.abs(v);
  const d = Math.floor(a);
  const m = Math.floor((a - d) * 60);
  const s = Math.round(((a - d) * 60 - m) * 60 * 100) / 100;
  return [d, m, s];
}

/** The decimal degrees an EXIF reader gets back from `dms` (seconds kept to 1/100). */
export const fromDms = ([d, m, s]: Dms) => d + m / 60 + s / 3600;

/** A real JPEG (Chromium's canvas encoder: baseline, with pixel data), its colours from `seed`. */
export async function canvasJpeg(page: Page, seed: number): Promise<Buffer> {
  const dataUrl = await page.evaluate((hue) => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    const g = ctx.createLinearGradient(0, 0, 320, 240);
    g.addColorStop(0, `hsl(${hue % 360} 70% 45%)`);
    g.addColorStop(1, `hsl(${(hue + 140) % 360} 60% 70%)`);
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, 320, 240);
    ctx.fillStyle = '#111';
    ctx.beginPath();
    ctx.ellipse(160, 130, 90, 45, 0.2, 0, Math.PI * 2);
    ctx.fill();
    return canvas.toDataURL('image/jpeg', 0.9);
  }, seed);
  const jpeg = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  expect(jpeg.subarray(0, 2).toString('hex')).toBe('ffd8');
  return jpeg;
}

/**
 * A real JPEG (see `canvasJpeg`) with an EXIF APP1 segment holding GPS at `at`, inserted after the
 * encoder's SOI and JFIF APP0.
 */
export async function gpsJpeg(page: Page, at: { lat: number; lon: number }, seed: number): Promise<Buffer> {
  const jpeg = await canvasJpeg(page, seed);
  const exif = jpegWithExif({
    gps: { lat: dms(at.lat), latRef: at.lat >= 0 ? 'N' : 'S', lon: dms(at.lon), lonRef: at.lon >= 0 ? 'E' : 'W' },
    make: 'Plinth',
    model: 'E2E Camera',
    little: true,
  });
  // jpegWithExif is SOI, APP1, EOI: keep the APP1 segment only.
  const app1 = Buffer.from(exif.subarray(2, exif.length - 2));
  let insertAt = 2;
  if (jpeg[2] === 0xff && jpeg[3] === 0xe0) insertAt = 4 + jpeg.readUInt16BE(4);
  return Buffer.concat([jpeg.subarray(0, insertAt), app1, jpeg.subarray(insertAt)]);
}

/**
 * Ticks the licence box of the add or logbook form and waits until it shows ticked. A click that
 * lands while the form reflows above the box (the artist matches folding away, a photo preview
 * decoding) can miss it; the click is tried again until the deadline (seen once at CI, mobile).
 */
export async function agreeToLicence(page: Page): Promise<void> {
  const consent = page.getByTestId('consent-checkbox');
  await expect(async () => {
    await consent.check({ timeout: 5_000 });
    await expect(consent).toBeChecked({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * A new sculpture `title` with one photo (a JPEG, `photo`) at `at`, sent through the API from
 * `request` (with `token` as X-User-Token when given, else as whoever `request` is); the
 * submission's id.
 */
export async function postNewArtwork(
  request: APIRequestContext,
  { title, at, photo, token }: { title: string; at: { lat: number; lon: number }; photo: { name: string; buffer: Buffer }; token?: string },
): Promise<string> {
  const res = await request.post('/api/logbook', {
    ...(token ? { headers: { 'X-User-Token': token } } : {}),
    multipart: {
      type: 'new_artwork',
      lat: String(at.lat),
      lon: String(at.lon),
      title,
      artwork_type: 'sculpture',
      photos: { ...photo, mimeType: 'image/jpeg' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/**
 * On /artwork/new at a random place in Vancouver, sends a new sculpture `title` with one photo
 * (`fileName`, drawn from `seed`) and the licence agreed; returns the submission's id.
 */
export async function sendNewArtwork(page: Page, title: string, fileName: string, seed: number): Promise<string> {
  const lat = 49.25 + Math.random() * 0.04;
  const lng = -123.16 + Math.random() * 0.08;
  await page.goto(`/artwork/new?lat=${lat.toFixed(6)}&lng=${lng.toFixed(6)}`);
  await page.getByTestId('photo-picker-input').setInputFiles({ name: fileName, mimeType: 'image/jpeg', buffer: await canvasJpeg(page, seed) });
  await expect(page.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')).toHaveCount(1);
  await page.getByTestId('new-artwork-title').fill(title);
  await page.getByTestId('new-artwork-type').selectOption('sculpture');
  await agreeToLicence(page);
  const sent = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/logbook');
  await page.getByTestId('new-artwork-submit').click();
  const answer = await sent;
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { data: { id: string } }).data.id;
}
