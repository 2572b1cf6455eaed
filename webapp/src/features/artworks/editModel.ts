/**
 * The artwork edit form's values and what they propose: the values the form starts from, the
 * edits from the artwork as the page loaded it to what the person typed (changed fields only,
 * one `tag:<key>` per tag, the old value as loaded), and the values after loading it again.
 */
import type { FieldEdit } from '../../api/types';
import type { ArtistRef, ArtworkDto, ArtworkType } from '../../api/types';
import type { LatLon } from '../../components/LocationField';
import { editCollector, follow, followAll, textValue as text } from '../../lib/editValues';

/** What of an artwork the form edits. */
export type EditableArtwork = Pick<ArtworkDto, 'title' | 'description' | 'artwork_type' | 'lat' | 'lon' | 'artists' | 'tags'>;

export interface EditValues {
  title: string;
  description: string;
  artwork_type: ArtworkType;
  /** Null while the coordinates are blank (a location cannot be cleared). */
  location: LatLon | null;
  /** In credit order. */
  artists: ArtistRef[];
  /** Tag key → text; a key left out reads as empty. */
  tags: Record<string, string>;
}

export function valuesOf(a: EditableArtwork): EditValues {
  return {
    title: a.title,
    description: a.description ?? '',
    artwork_type: a.artwork_type,
    location: { lat: a.lat, lon: a.lon },
    artists: a.artists,
    tags: { ...a.tags },
  };
}

const tagKeys = (...tags: Record<string, string>[]) => [...new Set(tags.flatMap((t) => Object.keys(t)))];

/** The edits from the artwork as loaded (`a`) to the values typed (`v`): one per changed field. */
export function editsFrom(a: EditableArtwork, v: EditValues): FieldEdit[] {
  const { edits, change } = editCollector();
  change('title', a.title, text(v.title), text(a.title));
  change('description', a.description ?? null, text(v.description), text(a.description));
  change('artwork_type', a.artwork_type, v.artwork_type);
  change('location', { lat: a.lat, lon: a.lon }, v.location);
  change(
    'artists',
    a.artists.map((x) => x.id),
    v.artists.map((x) => x.id),
  );
  for (const key of tagKeys(a.tags, v.tags)) change(`tag:${key}`, a.tags[key] ?? null, text(v.tags[key]), text(a.tags[key]));
  return edits;
}

/**
 * The values after loading the artwork again (`before` → `after`): the fields the person left as
 * they were loaded show the new values; what they changed stays theirs.
 */
export function rebase(v: EditValues, before: EditableArtwork, after: EditableArtwork): EditValues {
  const was = valuesOf(before);
  const now = valuesOf(after);
  const tags = { ...v.tags };
  for (const key of tagKeys(was.tags, now.tags)) tags[key] = follow(v.tags[key] ?? '', was.tags[key] ?? '', now.tags[key] ?? '');
  return { ...followAll(v, was, now), tags };
}
