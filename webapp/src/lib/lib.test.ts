import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { announce, onAnnounce } from './announcer';
import { parseExif } from './exif';
import { FAST_SESSION_MAX_CHARS } from '../config/constants';
import { nextPathFor, persistSession, type FastUploadSession } from './fastUpload';
import { breakpointFor } from './hooks';
import { pageCount } from './format';
import { formatCoordinate, haversineM } from './geo';
import { FALLBACK_POSITION, GEOLOCATION_MESSAGES, geolocationErrorMessage, getCurrentPosition } from './geolocation';
import { createLogger, redact, REDACTED, type LogSink } from './logger';
import { nearbyAreaFor } from './map/viewport';
import { applyTheme, DEFAULT_THEME, setTheme, storedTheme, THEME_LABELS, THEMES } from './theme';
import { setLocale } from '../i18n';
import { fieldList, yearText } from './fieldText';
import { CHANGE_KIND_LABELS, changeText } from './historyText';
import { photoProblem } from './photoRules';
import { statusText, submissionTitle } from './submissionText';
import { tagValueProblem, vocabularyOf } from './tagGroups';
import { tourSummary } from './tour';
import { TAG_SCHEMA } from '../testing/tagSchema';
import { storeFor } from '../testing/render';
import { successShown } from './ui';

function sink(): LogSink & { lines: unknown[][] } {
  const lines: unknown[][] = [];
  const push = (...a: unknown[]) => lines.push(a);
  return { lines, debug: push, info: push, warn: push, error: push };
}

describe('logger (SPEC §9)', () => {
  it('defaults to info and drops debug', () => {
    const s = sink();
    const log = createLogger({ sink: s });
    expect(log.level()).toBe('info');
    log.debug('hidden');
    log.info('shown');
    expect(s.lines).toHaveLength(1);
    expect(String(s.lines[0]![0])).toContain('INFO shown');
  });

  it('honours the level order debug < info < warn < error', () => {
    const s = sink();
    const log = createLogger({ sink: s, level: 'warn' });
    log.info('no');
    log.warn('yes');
    log.error('yes');
    expect(s.lines).toHaveLength(2);
  });

  it('redacts values under token and authorization keys, at any depth', () => {
    const out = redact({
      user_token: 'secret',
      headers: { Authorization: 'Bearer x', 'X-User-Token': 'abc', accept: 'json' },
      nested: [{ refreshToken: 'r', ok: 1 }],
    });
    expect(out).toEqual({
      user_token: REDACTED,
      headers: { Authorization: REDACTED, 'X-User-Token': REDACTED, accept: 'json' },
      nested: [{ refreshToken: REDACTED, ok: 1 }],
    });
    const s = sink();
    createLogger({ sink: s }).info('call', { token: 'abc' });
    expect(s.lines[0]![1]).toEqual({ token: REDACTED });
  });
});

describe('themes (SPEC §3, §9)', () => {
  it('defaults to material', () => {
    expect(storedTheme()).toBe('material');
    expect(DEFAULT_THEME).toBe('material');
    expect(THEMES).toEqual(['material', 'bauhaus', 'Vancouver', 'DarkGallery', 'EarthyCultural', 'HighContrastDebug']);
  });

  it('stores the choice under user-theme and applies it', () => {
    expect(setTheme('DarkGallery')).toBe('DarkGallery');
    expect(localStorage.getItem('user-theme')).toBe('DarkGallery');
    expect(document.documentElement.dataset.theme).toBe('DarkGallery');
    expect(storedTheme()).toBe('DarkGallery');
  });

  it('ignores unknown stored values', () => {
    localStorage.setItem('user-theme', 'neon');
    expect(storedTheme()).toBe('material');
    expect(setTheme('neon')).toBe('material');
    applyTheme('bauhaus');
    expect(document.documentElement.dataset.theme).toBe('bauhaus');
  });
});

describe('announcer', () => {
  it('speaks 100 ms after the call', async () => {
    vi.useFakeTimers();
    const heard: string[] = [];
    const off = onAnnounce((a) => heard.push(a.message));
    announce('Saved');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(99);
    });
    expect(heard).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(heard).toEqual(['Saved']);
    off();
  });

  it('speaks a success toast’s words too (successShown)', async () => {
    vi.useFakeTimers();
    const store = storeFor();
    const heard: string[] = [];
    const off = onAnnounce((a) => heard.push(a.message));
    store.dispatch(successShown('Badge saved'));
    expect(store.getState().ui.toasts.map((t) => [t.type, t.message])).toEqual([['success', 'Badge saved']]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(heard).toEqual(['Badge saved']);
    off();
  });
});

describe('geolocation (SPEC §8, §9)', () => {
  it('maps error codes to the SPEC’s messages', () => {
    expect(geolocationErrorMessage({ code: 1 })).toBe('Location access denied by user');
    expect(geolocationErrorMessage({ code: 2 })).toBe('Location information unavailable');
    expect(geolocationErrorMessage({ code: 3 })).toBe('Location request timed out');
    expect(geolocationErrorMessage({ code: 99 })).toBe('Failed to get location');
  });

  it('reports a browser without geolocation', async () => {
    vi.stubGlobal('navigator', { ...navigator, geolocation: undefined });
    await expect(getCurrentPosition()).rejects.toThrow('Geolocation is not supported by this browser');
  });

  it('asks with high accuracy, a 10 s timeout and a 5 min maximum age', async () => {
    const getCurrent = vi.fn((ok: PositionCallback, _err: PositionErrorCallback, _opts: PositionOptions) =>
      ok({ coords: { latitude: 1, longitude: 2, accuracy: 5 } } as GeolocationPosition),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition: getCurrent } });
    await expect(getCurrentPosition()).resolves.toEqual({ latitude: 1, longitude: 2, accuracy: 5 });
    expect(getCurrent.mock.calls[0]![2]).toEqual({ enableHighAccuracy: true, timeout: 10000, maximumAge: 300000 });
    expect(GEOLOCATION_MESSAGES.denied).toBe('Location access denied by user');
  });

  it('falls back to Vancouver', () => {
    expect(FALLBACK_POSITION).toMatchObject({ latitude: 49.2827, longitude: -123.1207 });
  });
});

describe('geometry', () => {
  it('measures great-circle distances on a 6 371 000 m sphere', () => {
    expect(haversineM({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(111_194.9, 0);
    expect(formatCoordinate(49.28273456)).toBe('49.282735');
  });

  it('covers the viewport from its centre, capped at 50 000 m', () => {
    const small = nearbyAreaFor({
      center: { lat: 49.2827, lng: -123.1207 },
      zoom: 14,
      bounds: { north: 49.29, south: 49.275, east: -123.1, west: -123.14 },
    });
    expect(small.lat).toBe(49.2827);
    expect(small.lon).toBe(-123.1207);
    expect(small.radius).toBeGreaterThan(1400);
    expect(small.radius).toBeLessThan(2000);
    const huge = nearbyAreaFor({ center: { lat: 0, lng: 0 }, zoom: 3, bounds: { north: 40, south: -40, east: 60, west: -60 } });
    expect(huge.radius).toBe(50000);
  });

  it('knows the breakpoints', () => {
    expect(breakpointFor(767)).toBe('mobile');
    expect(breakpointFor(768)).toBe('tablet');
    expect(breakpointFor(1023)).toBe('tablet');
    expect(breakpointFor(1024)).toBe('desktop');
  });
});

/** A minimal JPEG: SOI, APP1 Exif with IFD0 → GPS IFD (big-endian), EOI. */
function jpegWithGps(lat: [number, number, number], latRef: 'N' | 'S', lon: [number, number, number], lonRef: 'E' | 'W') {
  const tiff: number[] = [];
  const u16 = (v: number) => tiff.push((v >> 8) & 255, v & 255);
  const u32 = (v: number) => tiff.push((v >>> 24) & 255, (v >> 16) & 255, (v >> 8) & 255, v & 255);
  tiff.push(0x4d, 0x4d);
  u16(42);
  u32(8);
  // IFD0 at 8: one entry, the GPS pointer.
  u16(1);
  u16(0x8825);
  u16(4);
  u32(1);
  u32(26);
  u32(0);
  // GPS IFD at 26: four entries.
  u16(4);
  const dataStart = 26 + 2 + 4 * 12 + 4;
  const entry = (tag: number, type: number, count: number, value: () => void) => {
    u16(tag);
    u16(type);
    u32(count);
    value();
  };
  entry(1, 2, 2, () => tiff.push(latRef.charCodeAt(0), 0, 0, 0));
  entry(2, 5, 3, () => u32(dataStart));
  entry(3, 2, 2, () => tiff.push(lonRef.charCodeAt(0), 0, 0, 0));
  entry(4, 5, 3, () => u32(dataStart + 24));
  u32(0);
  for (const v of [...lat, ...lon]) {
    u32(Math.round(v * 100));
    u32(100);
  }
  const header = [0x45, 0x78, 0x69, 0x66, 0, 0];
  const len = 2 + header.length + tiff.length;
  const bytes = [0xff, 0xd8, 0xff, 0xe1, (len >> 8) & 255, len & 255, ...header, ...tiff, 0xff, 0xd9];
  return new Uint8Array(bytes).buffer;
}

describe('EXIF', () => {
  it('reads a photo’s GPS position', async () => {
    const exif = await parseExif(jpegWithGps([49, 16, 57.72], 'N', [123, 7, 14.52], 'W'));
    expect(exif.latitude).toBeCloseTo(49.2827, 4);
    expect(exif.longitude).toBeCloseTo(-123.1207, 4);
  });

  it('gives nulls for anything that is not a JPEG with EXIF', async () => {
    expect((await parseExif(new Uint8Array([1, 2, 3, 4]).buffer)).latitude).toBeNull();
    expect((await parseExif(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]).buffer)).longitude).toBeNull();
  });
});

describe('fast upload session (SPEC §2, §5)', () => {
  const session = (over: Partial<FastUploadSession> = {}): FastUploadSession => ({
    photos: [],
    location: null,
    detectedSources: {
      exif: { detected: false, error: null, coordinates: null },
      browser: { detected: false, error: null, coordinates: null },
    },
    ...over,
  });

  it('goes to /add without a location, else to the photo search', () => {
    expect(nextPathFor(session())).toBe('/add');
    expect(nextPathFor(session({ location: { latitude: 49.1, longitude: -123.2 } }))).toBe(
      '/search?mode=photo&source=fast-upload&lat=49.1&lng=-123.2',
    );
  });

  it('saves to session storage only while under 200 000 characters', () => {
    expect(persistSession(session())).toBe(true);
    expect(sessionStorage.getItem('plinth-fast-upload')).not.toBeNull();
    const big = session({
      photos: [{ id: 'x', name: 'n'.repeat(FAST_SESSION_MAX_CHARS), preview: '', exif: { latitude: null, longitude: null }, file: new File([], 'x') }],
    });
    expect(persistSession(big)).toBe(false);
    expect(sessionStorage.getItem('plinth-fast-upload')).toBeNull();
  });
});

describe('pageCount', () => {
  it('counts whole pages, at least one, whatever the page size', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(5, 0)).toBe(5);
  });
});

describe('the text helpers, in French', () => {
  it('word tours, statuses, histories, fields and problems in the language in effect', () => {
    setLocale('fr');
    expect(tourSummary(1234, 3)).toBe('1,2 km à pied, 3 étapes');
    expect(tourSummary(800, 1, true)).toBe('800 m à pied depuis votre position, 1 étape');
    expect(statusText({ status: 'pending', queue_position: 4 })).toBe('En attente de vérification · nº 4 dans la file');
    expect(submissionTitle({ submission_type: 'logbook', title: null, artwork_title: 'Digital Orca' })).toBe('Visite de Digital Orca');
    expect(CHANGE_KIND_LABELS.edited).toBe('Modification');
    expect(changeText({ field: 'main_photo', before: null, after: '1a2b3c4d5e' })).toEqual({
      field: 'photo principale',
      before: 'aucune',
      after: 'photo 1a2b3c4d',
    });
    expect(fieldList(['title', 'description'])).toBe('titre et description');
    expect(yearText(-300)).toBe('300 av. J.-C.');
    expect(THEME_LABELS.DarkGallery).toBe('Galerie sombre');
    expect(GEOLOCATION_MESSAGES.denied).toBe('Accès à la position refusé par l’utilisateur');
    expect(photoProblem([], true)).toBe('Ajoutez au moins une photo');
    expect(tagValueProblem('height', '900', vocabularyOf(TAG_SCHEMA))).toBe('Height (m) doit être un nombre entre 0,1 et 500');
    // Switching back reads English again: nothing froze the language.
    setLocale('en');
    expect(tourSummary(1234, 3)).toBe('1.2 km walk, 3 stops');
    expect(THEME_LABELS.DarkGallery).toBe('Dark gallery');
  });
});
