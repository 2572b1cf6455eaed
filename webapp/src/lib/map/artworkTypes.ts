/** Artwork types the server knows (its OpenAPI `ArtworkType`) with their marker colours and labels. */
import type { ArtworkType } from '../../api/types';

export type { ArtworkType };

export const ARTWORK_TYPES = [
  'statue',
  'mural',
  'sculpture',
  'installation',
  'monument',
  'graffiti',
  'mosaic',
  'relief',
  'fountain',
  'other',
] as const satisfies readonly ArtworkType[];

// Every type the server names is listed above: a type error here when one is missing.
type Unlisted = Exclude<ArtworkType, (typeof ARTWORK_TYPES)[number]>;
const everyTypeListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyTypeListed;

/** Whether `value` is an artwork type the server knows. */
export function isArtworkType(value: string): value is ArtworkType {
  return (ARTWORK_TYPES as readonly string[]).includes(value);
}

/** Distinct hues that keep ≥ 3:1 contrast against both the land colour and white outlines. */
export const ARTWORK_TYPE_COLORS: Record<ArtworkType, string> = {
  statue: '#1565c0',
  mural: '#c2185b',
  sculpture: '#6a1b9a',
  installation: '#00838f',
  monument: '#4e342e',
  graffiti: '#d84315',
  mosaic: '#2e7d32',
  relief: '#827717',
  fountain: '#0277bd',
  other: '#546e7a',
};

export function artworkTypeColor(type: string): string {
  return (ARTWORK_TYPE_COLORS as Record<string, string>)[type] ?? ARTWORK_TYPE_COLORS.other;
}

export function artworkTypeLabel(type: string): string {
  const t = type.trim();
  if (!t) return 'Other';
  return t.charAt(0).toUpperCase() + t.slice(1).replace(/_/g, ' ');
}
