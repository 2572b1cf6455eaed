/**
 * The search screens' pure rules: what text is sent, where a suggestion leads, tag filters, and
 * the order of the photo mode's candidates.
 */
import type { ArtworkDto, SuggestionDto, TagFilterDto } from '../../api/types';
import { to } from '../../config/routes';
import { t as translate, type MessageKey } from '../../i18n';
import { haversineM } from '../../lib/geo';
import { wordsOf } from '../../lib/tagGroups';

/** The server refuses longer text (400). */
export const SEARCH_TEXT_MAX = 200;

/** SPEC §5: the text to search for, trimmed, or null when there is nothing to send. */
export function searchText(raw: string): string | null {
  const t = raw.trim();
  return t ? t : null;
}

export { pageParam } from '../../lib/urlParams';

/**
 * Where picking a suggestion leads: the artwork or artist it names, when it names exactly one
 * (it then carries an id), else a search for its text.
 */
export function suggestionTarget(s: SuggestionDto): string {
  if (s.id && s.kind === 'title') return to.artwork(s.id);
  if (s.id && s.kind === 'artist') return to.artist(s.id);
  return to.searchResults(s.text);
}

const SUGGESTION_KIND_LABELS: Record<string, MessageKey> = {
  title: 'search.kind.title',
  artist: 'search.kind.artist',
  type: 'search.kind.type',
  tag: 'search.kind.tag',
};

/** What a suggestion names, in words; a kind this app does not know as the server says it. */
export function suggestionKindLabel(kind: string, t: (key: MessageKey) => string = translate): string {
  const key = SUGGESTION_KIND_LABELS[kind];
  return key ? t(key) : kind;
}

/** `tag:key` or `tag:key:value`: the token that asks for this filter. */
export function tagToken(tag: TagFilterDto): string {
  return tag.value ? `tag:${tag.key}:${tag.value}` : `tag:${tag.key}`;
}

/** A tag filter as its chip reads it, in sentence case: "Material: bronze", "Artwork type: street art". */
export function tagLabel(tag: TagFilterDto): string {
  const key = wordsOf(tag.key);
  return tag.value ? translate('search.tagLabel', { key, value: tag.value.replace(/_/g, ' ') }) : key;
}

/** The query again without one of its tag filters (the server's `query` is the free text). */
export function withoutTag(text: string, tags: TagFilterDto[], removed: TagFilterDto): string {
  const rest = tags.filter((t) => t !== removed).map(tagToken);
  return [text.trim(), ...rest].filter(Boolean).join(' ');
}

/** An artwork near the photo, with its distance from where the photo was taken. */
export type Candidate = ArtworkDto & { distance_m: number };

/** Nearest first; the server's distance when it gave one, else the great-circle distance. */
export function nearestFirst(artworks: ArtworkDto[], from: { lat: number; lon: number }): Candidate[] {
  return artworks
    .map((a) => ({
      ...a,
      distance_m: a.distance_m ?? haversineM({ lat: from.lat, lng: from.lon }, { lat: a.lat, lng: a.lon }),
    }))
    .sort((a, b) => a.distance_m - b.distance_m);
}
