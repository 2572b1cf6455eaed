/**
 * An artwork's details (tags) as the server's tag schema (GET /tags/schema) describes them: the
 * categories they group in, their labels, the values each takes and what a free detail's name
 * may be. The schema is the vocabulary: the web app keeps no copy of it. Until (or unless) it
 * has loaded, `NO_VOCABULARY` knows no key, so every detail is a free one labelled from its key.
 * For the artwork screens, the forms and the review of proposed edits alike.
 */
import type { TagDefinition, TagSchema } from '../api/types';
import { t } from '../i18n';
import { formatNumber } from './format';

export interface TagCategoryKeys {
  id: string;
  label: string;
  /** The known details of the category, in schema order. */
  keys: string[];
}

export interface TagVocabulary {
  /** Whether this is the server's schema (else nothing is known but how a key reads). */
  known: boolean;
  /** Every category in schema order; the one whose id is `otherId` holds the free details too. */
  categories: TagCategoryKeys[];
  otherId: string;
  definitions: ReadonlyMap<string, TagDefinition>;
  /** What a free detail's name must match; null while unknown (the server still checks it). */
  freeKeyPattern: RegExp | null;
  /** The longest value of a free detail; null while unknown. */
  freeValueMax: number | null;
}

const OTHER_ID = 'other';

/** The group of the free details when the schema names none, in the language in effect when read. */
function otherCategory(keys: string[]): TagCategoryKeys {
  return {
    id: OTHER_ID,
    get label() {
      return t('lib.tags.otherDetails');
    },
    keys,
  };
}

/** No schema (yet): no known key, every detail in one group. */
export const NO_VOCABULARY: TagVocabulary = {
  known: false,
  categories: [otherCategory([])],
  otherId: OTHER_ID,
  definitions: new Map(),
  freeKeyPattern: null,
  freeValueMax: null,
};

function patternOf(source: string): RegExp | null {
  try {
    return new RegExp(source);
  } catch {
    return null;
  }
}

export function vocabularyOf(schema: TagSchema | undefined): TagVocabulary {
  if (!schema) return NO_VOCABULARY;
  const categories = schema.categories.map((c) => ({
    id: c.id,
    label: c.label,
    keys: schema.tags.filter((t) => t.category === c.id).map((t) => t.key),
  }));
  // A category the schema forgot to list still shows its details, among the free ones.
  const listed = new Set(categories.flatMap((c) => c.keys));
  const stray = schema.tags.filter((t) => !listed.has(t.key)).map((t) => t.key);
  let other = categories.find((c) => c.id === OTHER_ID);
  if (!other) {
    other = otherCategory([]);
    categories.push(other);
  }
  other.keys.push(...stray);
  return {
    known: true,
    categories,
    otherId: OTHER_ID,
    definitions: new Map(schema.tags.map((t) => [t.key, t])),
    freeKeyPattern: patternOf(schema.free_key_pattern),
    freeValueMax: schema.free_value_max,
  };
}

/**
 * Details the artwork forms do not offer as details: its type and its title are fields of their
 * own, and `tourism` is always `artwork`.
 */
export const FORM_FIELD_KEYS: ReadonlySet<string> = new Set(['tourism', 'artwork_type', 'name']);

/** Words from a name: `opening_hours` → "Opening hours", `world_heritage` → "World heritage". */
export function wordsOf(name: string): string {
  const words = name.replace(/[_:-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : name;
}

/** A detail's label: the schema's, else its key in words (`opening_hours` → "Opening hours"). */
export function labelForKey(key: string, vocabulary: TagVocabulary = NO_VOCABULARY): string {
  return vocabulary.definitions.get(key)?.label ?? wordsOf(key);
}

/** A detail's value as its definition reads it: an enum's values in words, others as they are. */
export function valueLabel(definition: TagDefinition | undefined, value: string): string {
  return definition?.kind.type === 'enum' && definition.kind.values.includes(value) ? wordsOf(value) : value;
}

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

function tagText(v: unknown): string {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return '';
}

/** Non-empty groups in schema order; known keys in schema order, free keys (with the other details) alphabetically. */
export function groupTags(tags: Record<string, unknown> | null | undefined, vocabulary: TagVocabulary = NO_VOCABULARY): TagGroup[] {
  const entries = Object.entries(tags ?? {})
    .map(([key, v]) => ({ key, label: labelForKey(key, vocabulary), value: tagText(v) }))
    .filter((e) => e.value !== '');
  const byKey = new Map(entries.map((e) => [e.key, e]));
  const free = entries.filter((e) => !vocabulary.definitions.has(e.key)).sort((a, b) => a.key.localeCompare(b.key));
  const groups: TagGroup[] = [];
  for (const c of vocabulary.categories) {
    const known = c.keys.flatMap((k) => byKey.get(k) ?? []);
    const tagsIn = c.id === vocabulary.otherId ? [...known, ...free] : known;
    if (tagsIn.length) groups.push({ id: c.id, label: c.label, tags: tagsIn });
  }
  return groups;
}

/** Text as the server keeps a detail's value: whitespace runs as one space, trimmed. */
export const cleanValue = (value: string): string => value.split(/\s+/).filter(Boolean).join(' ');

/** An http or https address with a host, no whitespace. */
export function isWebUrl(value: string): boolean {
  return /^https?:\/\/[^/\s]\S*$/i.test(value);
}

/** Rust's `f64` syntax, which the server parses a number with (no hex, no "Infinity"). */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A bound as the language in effect writes it, every digit kept, never grouped: "0.1", "0,1" in French. */
const decimal = (n: number) => formatNumber(n, { useGrouping: false, maximumFractionDigits: 20 });

/**
 * Why the server would refuse `value` for detail `key` (its own words), or null: the schema's
 * rules, re-checked as the person types. Blank values clear a detail and are never refused.
 */
export function tagValueProblem(key: string, value: string, vocabulary: TagVocabulary): string | null {
  const v = cleanValue(value);
  if (!v) return null;
  const label = labelForKey(key, vocabulary);
  const definition = vocabulary.definitions.get(key);
  const chars = [...v].length;
  if (!definition) {
    const max = vocabulary.freeValueMax;
    return max !== null && chars > max ? t('lib.tags.tooLong', { label, max }) : null;
  }
  const kind = definition.kind;
  switch (kind.type) {
    case 'enum':
      return kind.values.includes(v.toLowerCase()) ? null : t('lib.tags.oneOf', { label, values: kind.values.join(', ') });
    case 'text':
      return chars > kind.max ? t('lib.tags.tooLong', { label, max: kind.max }) : null;
    case 'number': {
      const n = Number(v);
      return DECIMAL.test(v) && Number.isFinite(n) && n >= kind.min && n <= kind.max
        ? null
        : t('lib.tags.number', { label, min: decimal(kind.min), max: decimal(kind.max) });
    }
    case 'year': {
      const y = Number(v);
      return /^\d{4}$/.test(v) && y >= kind.min && y <= kind.max ? null : t('lib.tags.year', { label, min: kind.min, max: kind.max });
    }
    case 'url':
      return isWebUrl(v) && v.length <= kind.max ? null : t('lib.tags.url', { label, max: kind.max });
    case 'wikidata_id':
      return /^Q\d+$/.test(v) ? null : t('lib.tags.wikidata', { label });
  }
}

/** A free detail's name as the server keeps it: trimmed, lowercase. */
export const normalKey = (name: string): string => name.trim().toLowerCase();

/** Why the server would refuse `name` as a free detail's name, or null (also while the rule is unknown). */
export function freeKeyProblem(name: string, vocabulary: TagVocabulary): string | null {
  const pattern = vocabulary.freeKeyPattern;
  return pattern && !pattern.test(normalKey(name)) ? t('lib.tags.freeKey') : null;
}

/** A link for a detail's value: a web address, or a Wikidata item's page. */
export function tagHref(key: string, value: string, vocabulary: TagVocabulary = NO_VOCABULARY): string | null {
  if (isWebUrl(value)) return value;
  const wikidata = vocabulary.definitions.get(key)?.kind.type === 'wikidata_id';
  if (wikidata && /^Q\d+$/.test(value)) return `https://www.wikidata.org/wiki/${value}`;
  return null;
}

/** The detail that credits a photo detail (imported datasets name it so). */
export const PHOTO_CREDIT_KEY = 'photo_credit';

export interface PhotoDetail {
  url: string;
  /** Whether the address names an image file (else it is a page to link to). */
  image: boolean;
  /** The site it comes from: "www.cambridgema.gov". */
  host: string;
}

const PHOTO_KEY = /(^|[_:])(photo|image|picture|img)([_:]?(url|link|uri))?$/;
const IMAGE_FILE = /\.(jpe?g|png|gif|webp|avif)$/i;

/**
 * A detail whose value is the address of a photo of the artwork (imported datasets' `photo_url`,
 * `image`), or null: shown as the photo (or a link to it), with where it comes from.
 */
export function photoDetail(key: string, value: string): PhotoDetail | null {
  const v = value.trim();
  if (!PHOTO_KEY.test(key) || !isWebUrl(v)) return null;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return null;
  }
  return { url: v, image: IMAGE_FILE.test(url.pathname), host: url.host };
}
