/**
 * The artwork edit form's values and what they propose: the values the form starts from, the
 * edits from the artwork as the page loaded it to what the person typed (changed fields only,
 * one `tag:<key>` per tag, the old value as loaded), and the values after loading it again.
 * Photos are chosen by key: the main photo (shown first; null for the gallery's own order) and
 * the hidden ones (shown to no one, sorted), of which the main photo is never one.
 */
import type { FieldEdit, FieldProblem } from '../../api/types';
import type { ArtistRef, ArtworkDto, ArtworkType } from '../../api/types';
import type { LatLon } from '../../components/LocationField';
import { editCollector, follow, followAll, textValue as text } from '../../lib/editValues';
import { tagValueProblem, type TagVocabulary } from '../../lib/tagGroups';

/** What of an artwork the form edits. */
export type EditableArtwork = Pick<
  ArtworkDto,
  'title' | 'description' | 'artwork_type' | 'lat' | 'lon' | 'artists' | 'tags' | 'photos' | 'main_photo' | 'hidden_photos'
>;

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
  /** The key of the photo shown first; null for none chosen. Never one of `hidden_photos`. */
  main_photo: string | null;
  /** The keys of the photos shown to no one, sorted. */
  hidden_photos: string[];
}

export function valuesOf(a: EditableArtwork): EditValues {
  return {
    title: a.title,
    description: a.description ?? '',
    artwork_type: a.artwork_type,
    location: { lat: a.lat, lon: a.lon },
    artists: a.artists,
    tags: { ...a.tags },
    main_photo: a.main_photo ?? null,
    hidden_photos: sortedKeys(a.hidden_photos ?? []),
  };
}

/** Photo keys as the server lists them: each once, ascending. */
export const sortedKeys = (keys: readonly string[]): string[] => [...new Set(keys)].sort();

/** What of the values the photos fieldset chooses. */
export type PhotoValues = Pick<EditValues, 'main_photo' | 'hidden_photos'>;

/** The values with the photo `key` hidden (`hide`) or shown again; hiding the main photo unsets it. */
export function withHidden<V extends PhotoValues>(v: V, key: string, hide: boolean): V {
  const others = v.hidden_photos.filter((k) => k !== key);
  if (!hide) return { ...v, hidden_photos: others };
  return { ...v, hidden_photos: sortedKeys([...others, key]), main_photo: v.main_photo === key ? null : v.main_photo };
}

const tagKeys = (...tags: Record<string, string>[]) => [...new Set(tags.flatMap((t) => Object.keys(t)))];

/**
 * A field's value (an edit's field name: `title`, `tag:<key>`) as typed, the same value until the
 * person changes it; undefined for a field the form does not have.
 */
export function fieldValue(v: EditValues, field: string): unknown {
  if (field.startsWith('tag:')) return v.tags[field.slice(4)];
  return Object.hasOwn(v, field) && field !== 'tags' ? v[field as keyof EditValues] : undefined;
}

/** The details changed (from `a`) to values the tag schema refuses, each as its `tag:<key>` field's problem. */
export function tagProblems(a: EditableArtwork, v: EditValues, vocabulary: TagVocabulary): FieldProblem[] {
  return tagKeys(a.tags, v.tags).flatMap((key) => {
    if (text(v.tags[key]) === text(a.tags[key])) return [];
    const problem = tagValueProblem(key, v.tags[key] ?? '', vocabulary);
    return problem ? [{ field: `tag:${key}`, message: problem }] : [];
  });
}

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
  change('main_photo', a.main_photo ?? null, v.main_photo);
  const hidden = a.hidden_photos ?? [];
  change('hidden_photos', hidden, sortedKeys(v.hidden_photos), sortedKeys(hidden));
  return edits;
}

/**
 * The values after loading the artwork again (`before` → `after`): the fields the person left as
 * they were loaded show the new values; what they changed stays theirs. Tags and hidden photos
 * follow key by key, so that hiding one photo does not show again another hidden meanwhile;
 * photos no longer the artwork's (merged away) drop out. A main photo that is now hidden or gone
 * gives way to the artwork's current one (or none, if that is hidden in the form).
 */
export function rebase(v: EditValues, before: EditableArtwork, after: EditableArtwork): EditValues {
  const was = valuesOf(before);
  const now = valuesOf(after);
  const tags = { ...v.tags };
  for (const key of tagKeys(was.tags, now.tags)) tags[key] = follow(v.tags[key] ?? '', was.tags[key] ?? '', now.tags[key] ?? '');
  const shown = after.photos.map((p) => p.key);
  const hidden = sortedKeys([...v.hidden_photos, ...now.hidden_photos]).filter(
    (k) =>
      (shown.includes(k) || now.hidden_photos.includes(k)) &&
      follow(v.hidden_photos.includes(k), was.hidden_photos.includes(k), now.hidden_photos.includes(k)),
  );
  const canBeMain = (k: string | null): k is string => k !== null && shown.includes(k) && !hidden.includes(k);
  const mine = follow(v.main_photo, was.main_photo, now.main_photo);
  const main = canBeMain(mine) ? mine : canBeMain(now.main_photo) ? now.main_photo : null;
  return { ...followAll(v, was, now), tags, hidden_photos: hidden, main_photo: main };
}
