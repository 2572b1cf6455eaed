/** Artwork types the server knows (its OpenAPI `ArtworkType`) with their marker colours and labels. */
import type { ArtworkType } from '../../api/types';
import { t, type MessageKey } from '../../i18n';

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

/** The catalogue message naming each type the server knows. */
export const ARTWORK_TYPE_LABELS: Record<ArtworkType, MessageKey> = {
  statue: 'map.artworkType.statue',
  mural: 'map.artworkType.mural',
  sculpture: 'map.artworkType.sculpture',
  installation: 'map.artworkType.installation',
  monument: 'map.artworkType.monument',
  graffiti: 'map.artworkType.graffiti',
  mosaic: 'map.artworkType.mosaic',
  relief: 'map.artworkType.relief',
  fountain: 'map.artworkType.fountain',
  other: 'map.artworkType.other',
};

/**
 * A type as people read it, in the language in effect. A type this app does not know (a newer
 * server's, or another vocabulary's value) is shown as the server spells it, capitalised.
 */
export function artworkTypeLabel(type: string): string {
  const v = type.trim();
  if (!v) return t(ARTWORK_TYPE_LABELS.other);
  if (isArtworkType(v)) return t(ARTWORK_TYPE_LABELS[v]);
  return v.charAt(0).toUpperCase() + v.slice(1).replace(/_/g, ' ');
}
