/**
 * Artwork tags grouped by the categories of the tag schema (domain/src/tags.rs), and their labels:
 * for the artwork screens and the review of proposed edits alike.
 */

export const TAG_CATEGORIES = [
  { id: 'artwork_classification', label: 'Classification', keys: ['tourism', 'artwork_type', 'name', 'inscription'] },
  { id: 'physical_properties', label: 'Physical properties', keys: ['material', 'height', 'width', 'condition'] },
  { id: 'historical_information', label: 'History', keys: ['artist_name', 'year', 'heritage'] },
  { id: 'location_details', label: 'Location', keys: ['access', 'operator'] },
  { id: 'reference_data', label: 'References', keys: ['website', 'wikidata_id'] },
] as const;

export const OTHER_CATEGORY = { id: 'other', label: 'Other details' } as const;

export const TAG_LABELS: Record<string, string> = {
  tourism: 'Tourism',
  artwork_type: 'Artwork type',
  name: 'Name',
  inscription: 'Inscription',
  material: 'Material',
  height: 'Height (m)',
  width: 'Width (m)',
  condition: 'Condition',
  artist_name: 'Artist',
  year: 'Year',
  heritage: 'Heritage',
  access: 'Access',
  operator: 'Operator',
  website: 'Website',
  wikidata_id: 'Wikidata',
};

export interface TagEntry {
  key: string;
  label: string;
  value: string;
}

export interface TagGroup {
  id: string;
  label: string;
  tags: TagEntry[];
}

/** A free key as a label: `opening_hours` → "Opening hours". */
export function labelForKey(key: string): string {
  const known = TAG_LABELS[key];
  if (known) return known;
  const words = key.replace(/[_:-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

function tagText(v: unknown): string {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return '';
}

/** Non-empty groups in schema order; known keys in schema order, free keys alphabetically. */
export function groupTags(tags: Record<string, unknown> | null | undefined): TagGroup[] {
  const entries = Object.entries(tags ?? {})
    .map(([key, v]) => ({ key, label: labelForKey(key), value: tagText(v) }))
    .filter((e) => e.value !== '');
  const byKey = new Map(entries.map((e) => [e.key, e]));
  const groups: TagGroup[] = [];
  const used = new Set<string>();
  for (const c of TAG_CATEGORIES) {
    const tagsIn = c.keys.flatMap((k) => {
      const e = byKey.get(k);
      if (!e) return [];
      used.add(k);
      return [e];
    });
    if (tagsIn.length) groups.push({ id: c.id, label: c.label, tags: tagsIn });
  }
  const other = entries.filter((e) => !used.has(e.key)).sort((a, b) => a.key.localeCompare(b.key));
  if (other.length) groups.push({ id: OTHER_CATEGORY.id, label: OTHER_CATEGORY.label, tags: other });
  return groups;
}

/** A link for tag values that are references. */
export function tagHref(key: string, value: string): string | null {
  if (key === 'website' && /^https?:\/\//i.test(value)) return value;
  if (key === 'wikidata_id' && /^Q\d+$/.test(value)) return `https://www.wikidata.org/wiki/${value}`;
  return null;
}
