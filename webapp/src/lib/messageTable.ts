/**
 * A table of texts whose every entry is a catalogue message, read in the language in effect each
 * time it is read: `LABELS.loved` is `t('lib.lists.loved')` at that moment. It keeps a table's
 * shape (a `Record` of strings) for the code that reads it, without freezing a language at load.
 * An entry may give the message's values too: `[key, { max: 10 }]`.
 */
import { t, type MessageKey, type MessageValues } from '../i18n';

export type MessageEntry = MessageKey | readonly [MessageKey, MessageValues];

export function messageTable<K extends string>(entries: Readonly<Record<K, MessageEntry>>): Readonly<Record<K, string>> {
  const table = Object.create(null) as Record<K, string>;
  for (const k of Object.keys(entries) as K[]) {
    const entry = entries[k];
    const read = typeof entry === 'string' ? () => t(entry) : () => t(entry[0], entry[1]);
    Object.defineProperty(table, k, { enumerable: true, get: read });
  }
  return Object.freeze(table);
}
