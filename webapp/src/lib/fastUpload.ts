/**
 * The fast-upload session (SPEC §2, §3, §5): photos chosen with the add button, their EXIF
 * locations, and the location settled on. It lives in memory (it holds Files); its serialisable
 * part is kept in session storage only while under 200 000 characters.
 */
import { useSyncExternalStore } from 'react';
import { FAST_SESSION_MAX_CHARS, STORAGE_KEYS } from '../config/constants';
import { readExif } from './exif';
import { readItem, removeItem, writeItem } from './storage';
import { randomUuid } from './uuid';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export interface FastPhoto {
  id: string;
  name: string;
  preview: string;
  exif: { latitude: number | null; longitude: number | null };
  file: File;
}

export interface DetectedSource {
  detected: boolean;
  error: string | null;
  coordinates: Coordinates | null;
}

export interface FastUploadSession {
  photos: FastPhoto[];
  location: Coordinates | null;
  detectedSources: { exif: DetectedSource; browser: DetectedSource };
}

let session: FastUploadSession | null = null;
const listeners = new Set<() => void>();

function emit() {
  listeners.forEach((l) => l());
}

/** SPEC §5: fast upload accepts only image files (by their type). */
export function isImageFile(file: File): boolean {
  return file.type.toLowerCase().startsWith('image/');
}

/** Saves the session's serialisable part; false (and nothing stored) when too large. */
export function persistSession(s: FastUploadSession): boolean {
  const json = JSON.stringify({
    photos: s.photos.map((p) => ({ id: p.id, name: p.name, exif: p.exif })),
    location: s.location,
    detectedSources: s.detectedSources,
  });
  if (json.length >= FAST_SESSION_MAX_CHARS) {
    removeItem(STORAGE_KEYS.fastUpload, 'session');
    return false;
  }
  return writeItem(STORAGE_KEYS.fastUpload, json, 'session');
}

/** What session storage keeps of a session: no files and no previews (they die with the page). */
export interface StoredFastUpload {
  photos: Array<Pick<FastPhoto, 'id' | 'name' | 'exif'>>;
  location: Coordinates | null;
  detectedSources: FastUploadSession['detectedSources'] | null;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function coordinates(v: unknown): Coordinates | null {
  if (!isRecord(v)) return null;
  const { latitude, longitude } = v;
  return typeof latitude === 'number' && typeof longitude === 'number' && Number.isFinite(latitude) && Number.isFinite(longitude)
    ? { latitude, longitude }
    : null;
}

/** The session saved by `persistSession` (after a reload, say), or null if none or unreadable. */
export function readStoredFastUpload(): StoredFastUpload | null {
  const raw = readItem(STORAGE_KEYS.fastUpload, 'session');
  if (!raw) return null;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(v) || !Array.isArray(v.photos)) return null;
  const photos = v.photos.filter(isRecord).flatMap((p) => {
    if (typeof p.id !== 'string' || typeof p.name !== 'string') return [];
    const exif = isRecord(p.exif) ? p.exif : {};
    return [
      {
        id: p.id,
        name: p.name,
        exif: {
          latitude: typeof exif.latitude === 'number' ? exif.latitude : null,
          longitude: typeof exif.longitude === 'number' ? exif.longitude : null,
        },
      },
    ];
  });
  const sources = isRecord(v.detectedSources) ? (v.detectedSources as FastUploadSession['detectedSources']) : null;
  return { photos, location: coordinates(v.location), detectedSources: sources };
}

export function getFastUpload(): FastUploadSession | null {
  return session;
}

export function setFastUpload(next: FastUploadSession | null): void {
  if (session && session !== next) {
    for (const p of session.photos) {
      if (!next?.photos.some((q) => q.preview === p.preview)) URL.revokeObjectURL?.(p.preview);
    }
  }
  session = next;
  if (next) persistSession(next);
  else removeItem(STORAGE_KEYS.fastUpload, 'session');
  emit();
}

export function clearFastUpload(): void {
  setFastUpload(null);
}

export function updateFastUploadLocation(location: Coordinates | null, browser?: DetectedSource): void {
  if (!session) return;
  setFastUpload({
    ...session,
    location,
    detectedSources: browser ? { ...session.detectedSources, browser } : session.detectedSources,
  });
}

/** Builds a session from chosen files (images only), reading each photo's EXIF location. */
export async function startFastUpload(files: File[]): Promise<FastUploadSession> {
  const images = files.filter(isImageFile);
  const photos: FastPhoto[] = await Promise.all(
    images.map(async (file) => {
      const exif = await readExif(file);
      return {
        id: randomUuid(),
        name: file.name,
        preview: URL.createObjectURL?.(file) ?? '',
        exif: { latitude: exif.latitude, longitude: exif.longitude },
        file,
      };
    }),
  );
  const located = photos.find((p) => p.exif.latitude !== null && p.exif.longitude !== null);
  const coords = located ? { latitude: located.exif.latitude ?? 0, longitude: located.exif.longitude ?? 0 } : null;
  const next: FastUploadSession = {
    photos,
    location: coords,
    detectedSources: {
      exif: { detected: !!coords, error: coords ? null : 'No location in photo', coordinates: coords },
      browser: { detected: false, error: null, coordinates: null },
    },
  };
  setFastUpload(next);
  return next;
}

function sameCoordinates(a: Coordinates | null, b: Coordinates | null): boolean {
  return !!a && !!b && a.latitude === b.latitude && a.longitude === b.longitude;
}

/** Where the session's location came from: a photo, the device, or placed by hand. */
export function locationSource(s: FastUploadSession): 'exif' | 'browser' | 'manual' | null {
  if (!s.location) return null;
  if (sameCoordinates(s.location, s.detectedSources.exif.coordinates)) return 'exif';
  if (sameCoordinates(s.location, s.detectedSources.browser.coordinates)) return 'browser';
  return 'manual';
}

/** Where the add flow goes next: the photo search when located, else /add. */
export function nextPathFor(s: FastUploadSession): string {
  if (!s.location) return '/add';
  const p = new URLSearchParams({
    mode: 'photo',
    source: 'fast-upload',
    lat: String(s.location.latitude),
    lng: String(s.location.longitude),
  });
  return `/search?${p.toString()}`;
}

export function useFastUpload(): FastUploadSession | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => session,
    () => null,
  );
}
