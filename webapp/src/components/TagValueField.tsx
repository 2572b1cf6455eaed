/**
 * A detail's value, with the control its definition in the tag schema calls for: a select for an
 * enum (its values in words), a number input with the range for a number or a year, a URL input,
 * a text input (a textarea for long text) of the longest length, and a Wikidata item id with its
 * pattern. A free detail (no definition) is text of the free detail's longest length. The label,
 * hint and error are the caller's (`id`, `describedBy`).
 */
import type { ChangeEvent } from 'react';
import type { TagDefinition } from '../api/types';
import { useT } from '../i18n';
import { valueLabel } from '../lib/tagGroups';
import { ValueOptions } from './Select';
import './TagValueField.css';

/** A text detail that may be longer than this is written in a textarea. */
const LONG_TEXT_MAX = 200;
/**
 * Longer than this, a text value may not show whole in an input of a phone's width (or of a
 * column on desktop): a textarea wraps it.
 */
const LONG_VALUE = 20;
/** Longer than this, a value takes a whole row of the form. */
const WIDE_VALUE = 45;

/**
 * Whether a detail is long text, written in a textarea: text that may be longer than a line (an
 * inscription), or text (a free detail's too) whose value as loaded is longer than an input shows.
 */
export function isLongText(definition: TagDefinition | undefined, value: string): boolean {
  const long = value.length > LONG_VALUE || value.includes('\n');
  if (!definition) return long;
  return definition.kind.type === 'text' && (definition.kind.max > LONG_TEXT_MAX || long);
}

/** Whether a detail takes a whole row: long text that may run to lines, or a web address. */
export function isWide(definition: TagDefinition | undefined, value: string): boolean {
  const kind = definition?.kind;
  if (kind?.type === 'url') return true;
  if (kind?.type === 'text' && kind.max > LONG_TEXT_MAX) return true;
  return (!kind || kind.type === 'text') && value.length > WIDE_VALUE;
}

/** A textarea's rows where it cannot size itself to its text (`field-sizing`): about a line per 30 characters. */
const rowsFor = (value: string) => Math.min(5, Math.max(2, Math.ceil(value.length / 30)));

export function TagValueField({
  id,
  definition,
  freeMax = null,
  value,
  onChange,
  invalid = false,
  describedBy,
  multiline = false,
  asText = false,
  testId,
}: {
  id: string;
  /** The detail's definition; none for a free detail. */
  definition: TagDefinition | undefined;
  /** A free detail's longest value (the schema's), if known. */
  freeMax?: number | null;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string | undefined;
  /** A textarea for text (long text, or a long value as loaded). */
  multiline?: boolean;
  /** Text whatever the kind: for a value as loaded that the kind does not fit, so it stays visible. */
  asText?: boolean;
  testId?: string;
}) {
  const t = useT();
  const common = {
    id,
    value,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    'data-testid': testId,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => onChange(e.target.value),
  };
  const kind = asText ? undefined : definition?.kind;
  const text = (max: number | undefined, className = 'tag-value tag-value--text') =>
    multiline ? (
      <textarea {...common} className={className} rows={rowsFor(value)} maxLength={max} />
    ) : (
      <input {...common} className={className} maxLength={max} autoComplete="off" />
    );

  switch (kind?.type) {
    case 'enum': {
      // A value as loaded that the schema no longer lists stays a choice, so it is not lost unseen.
      const listed = kind.values.includes(value) || value === '';
      return (
        <select {...common} className="tag-value tag-value--enum">
          <option value="">{t('components.tagValue.notSet')}</option>
          {!listed && <option value={value}>{t('components.tagValue.unlisted', { value })}</option>}
          <ValueOptions values={kind.values} label={(v) => valueLabel(definition, v)} />
        </select>
      );
    }
    case 'number':
    case 'year': {
      // A number within the schema's bounds; a year is a whole one, this year for an example.
      const year = kind.type === 'year';
      return (
        <input
          {...common}
          className={`tag-value tag-value--${kind.type}`}
          type="number"
          inputMode={year ? 'numeric' : 'decimal'}
          min={kind.min}
          max={kind.max}
          step={year ? 1 : 'any'}
          placeholder={year ? String(new Date().getFullYear()) : undefined}
        />
      );
    }
    case 'url':
      return (
        <input
          {...common}
          className="tag-value tag-value--url"
          type="url"
          inputMode="url"
          maxLength={kind.max}
          placeholder="https://" // i18n-exempt: the start of a web address
          autoComplete="off"
         
        />
      );
    case 'wikidata_id':
      return (
        <input
          {...common}
          className="tag-value tag-value--wikidata"
          pattern={String.raw`Q\d+`}
          placeholder="Q12345" // i18n-exempt: the form of a Wikidata item id
          autoComplete="off"
          spellCheck={false}
         
        />
      );
    case 'text':
      return text(kind.max);
    case undefined:
      return text(asText ? undefined : (freeMax ?? undefined));
  }
}
