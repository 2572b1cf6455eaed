/** Photo references → image URLs under /api/images/{size}/{key} (DESIGN §6). */
import type { PhotoRef } from '../api/provisional';

export type ImageSize = 'thumbnail' | 'medium' | 'large' | 'original';

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

export function photoSource(photo: PhotoRef, size: ImageSize = 'medium'): PhotoSource | null {
  if (typeof photo === 'string') {
    if (!photo.trim()) return null;
    return isUrl(photo)
      ? { src: photo, full: photo, alt: null }
      : { src: imageUrl(photo, size), full: imageUrl(photo, 'large'), alt: null };
  }
  const alt = photo.alt ?? photo.caption ?? null;
  if (photo.key) return { src: imageUrl(photo.key, size), full: imageUrl(photo.key, 'large'), alt };
  const sized = size === 'thumbnail' ? photo.thumbnail_url : size === 'large' ? photo.large_url : photo.medium_url;
  const src = sized ?? photo.url ?? photo.medium_url ?? photo.thumbnail_url ?? photo.large_url;
  if (!src) return null;
  return { src, full: photo.large_url ?? photo.url ?? src, alt };
}
