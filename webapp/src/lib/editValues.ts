/**
 * What the edit forms' models share: text as a proposed value, the edits of the fields changed
 * (each with the value the page loaded), and the values after loading the subject again, where
 * what the person left as it was follows the new value and what they changed stays theirs.
 */
import type { FieldEdit } from '../api/types';

/** Text as a value: trimmed, null when empty (a null new value clears the field). */
export const textValue = (v: string | null | undefined): string | null => v?.trim() || null;

export const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Edits, one per changed field: `change(field, old, next, seen)` adds one when `seen` (the loaded
 * value as the form compares it; `old`, as the server has it, by default) is not `next`.
 */
export function editCollector() {
  const edits: FieldEdit[] = [];
  const change = (field_name: string, old: unknown, next: unknown, seen: unknown = old) => {
    if (!sameValue(seen, next)) edits.push({ field_name, field_value_old: old, field_value_new: next });
  };
  return { edits, change };
}

/** A value after a reload: the fresh one if the person's is still the one loaded before, else theirs. */
export function follow<T>(mine: T, old: T, fresh: T): T {
  return sameValue(mine, old) ? fresh : mine;
}

/** Every field of a form's values after a reload (`was` → `now`), as `follow`. */
export function followAll<V extends object>(mine: V, was: V, now: V): V {
  const keys = Object.keys(mine) as Array<keyof V>;
  return Object.fromEntries(keys.map((k) => [k, follow(mine[k], was[k], now[k])])) as V;
}
