/** Photo references → image URLs under /api/images/{size}/{key} (DESIGN §6). */
import type { PhotoDto } from '../api/types';

export type ImageSize = 'thumbnail' | 'medium' | 'large' | 'original';

/**
 * What screens may hold as a photo: a `PhotoDto` of the API, a bare key or URL (a search hit's
 * or a nearby candidate's thumbnail), or a partial object (a key alone, say).
 */
export type PhotoInput = string | (Partial<PhotoDto> & { caption?: string; alt?: string });

export interface PhotoSource {
  src: string;
  full: string;
  alt: string | null;
}

function isUrl(s: string): boolean {
  return /^(https?:)?\/\//i.test(s) || s.startsWith('/') || s.startsWith('data:') || s.startsWith('blob:');
}

export function imageUrl(key: string, size: ImageSize): string {
  const path = key.replace(/^\/+/, '').split('/').map(encodeURIComponent).join('/');
  return `/api/images/${size}/${path}`;
}

/** The field of a `PhotoDto` that holds the server's URL of each size. */
const SIZED_URL_FIELDS = {
  thumbnail: 'thumbnail_url',
  medium: 'medium_url',
  large: 'large_url',
  original: 'url',
} as const satisfies Record<ImageSize, keyof PhotoDto>;

/** The URL of `photo` at `size` (the server's own URL when it gave one), and of its large view. */
export function photoSource(photo: PhotoInput, size: ImageSize = 'medium'): PhotoSource | null {
  if (typeof photo === 'string') {
    if (!photo.trim()) return null;
    return isUrl(photo)
      ? { src: photo, full: photo, alt: null }
      : { src: imageUrl(photo, size), full: imageUrl(photo, 'large'), alt: null };
  }
  const alt = photo.alt ?? photo.caption ?? null;
  const sized = photo[SIZED_URL_FIELDS[size]];
  const large = photo.large_url ?? (photo.key ? imageUrl(photo.key, 'large') : undefined);
  if (sized) return { src: sized, full: large ?? photo.url ?? sized, alt };
  if (photo.key) return { src: imageUrl(photo.key, size), full: imageUrl(photo.key, 'large'), alt };
  const src = photo.url ?? photo.medium_url ?? photo.thumbnail_url ?? photo.large_url;
  if (!src) return null;
  return { src, full: photo.large_url ?? photo.url ?? src, alt };
}
