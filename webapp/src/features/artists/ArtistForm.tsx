/**
 * The artist form of /artist/{id}/edit and /artist/new: the name (changed, never cleared), other
 * names (a list to add to and remove from), biography, website, country and the years of birth
 * and death, each clearable, with a note to the moderators. Only the fields changed are
 * proposed, each with the value the page loaded (a new artist's are all null). When the artist
 * is loaded again (`artist` changes), the fields the person changed keep their changes.
 */
import { useState, type KeyboardEvent } from 'react';
import type { FieldProblem } from '../../api/types';
import { EditFormShell, RemovableChips, TextField, useEditSubmission, useRebasedValues, type EditFlow } from '../../components/EditForm';
import { LabelledField } from '../../components/LabelledField';
import { FieldError } from '../../components/SubmissionParts';
import { t as translate, useT } from '../../i18n';
import { artistFieldLabel } from '../../lib/fieldText';
import {
  ARTIST_LIMITS,
  artistEditsFrom,
  artistValuesOf,
  rebaseArtist,
  yearProblems,
  type ArtistValues,
  type EditableArtist,
} from './artistEditModel';

const YEAR_INPUT = { type: 'number', inputMode: 'numeric', step: 1, min: ARTIST_LIMITS.yearMin, max: ARTIST_LIMITS.yearMax } as const;

/** The form's own checks: the years, and how many other names. */
function problemsOf(v: ArtistValues): FieldProblem[] {
  const found: FieldProblem[] = [...yearProblems(v)];
  if (v.aliases.length > ARTIST_LIMITS.aliasesMax) {
    found.push({ field: 'aliases', message: translate('artists.form.tooManyNames', { max: ARTIST_LIMITS.aliasesMax }) });
  }
  return found;
}

export function ArtistForm<R>({
  artist,
  label,
  submitLabel,
  cancelTo,
  flow: options,
}: {
  /** The artist the values start from (`NO_ARTIST` for a new one). */
  artist: EditableArtist;
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  cancelTo: string;
  /** How it proposes (the edit's calls, or a new artist's). */
  flow: Omit<EditFlow<R>, 'subject' | 'check' | 'valueAt'>;
}) {
  const t = useT();
  const { loaded, values, setValues, set } = useRebasedValues<EditableArtist, ArtistValues>(artist, artistValuesOf, rebaseArtist);
  // Another name typed but not added yet: added on submit.
  const [draft, setDraft] = useState('');
  const flow = useEditSubmission({
    subject: 'artist',
    ...options,
    check: () => problemsOf(values),
    valueAt: (field) => (Object.hasOwn(values, field) ? values[field as keyof ArtistValues] : undefined),
  });
  const { idOf, errorAt } = flow;

  const submit = () => {
    const extra = draft.trim();
    const next = extra && !values.aliases.includes(extra) ? { ...values, aliases: [...values.aliases, extra] } : values;
    setValues(next);
    setDraft('');
    void flow.submit(artistEditsFrom(loaded, next), problemsOf(next));
  };

  const text = (field: 'name' | 'biography' | 'website' | 'country', maxLength: number) => ({
    id: idOf(field),
    label: artistFieldLabel(field) ?? field,
    value: values[field],
    maxLength,
    onChange: (value: string) => set({ [field]: value }),
    error: errorAt(field),
  });
  const year = (field: 'birth_year' | 'death_year') => ({
    id: idOf(field),
    label: artistFieldLabel(field) ?? field,
    value: values[field],
    onChange: (value: string) => set({ [field]: value }),
    error: errorAt(field),
    hint: t('artists.form.yearHint', { min: ARTIST_LIMITS.yearMin, max: ARTIST_LIMITS.yearMax }),
    clearable: true,
    input: YEAR_INPUT,
  });

  return (
    <EditFormShell flow={flow} label={label} submitLabel={submitLabel} cancelTo={cancelTo} onSubmit={submit}>
      <TextField {...text('name', ARTIST_LIMITS.nameMax)} required />
      <AliasesField
        id={idOf('aliases')}
        value={values.aliases}
        onChange={(aliases) => set({ aliases })}
        draft={draft}
        onDraft={setDraft}
        error={errorAt('aliases')}
      />
      <TextField {...text('biography', ARTIST_LIMITS.biographyMax)} multiline clearable />
      <TextField
        {...text('website', ARTIST_LIMITS.websiteMax)}
        clearable
        input={{ type: 'url', inputMode: 'url', autoComplete: 'url' }}
        hint={t('artists.form.websiteHint')}
      />
      <TextField {...text('country', ARTIST_LIMITS.countryMax)} clearable />
      <div className="field-grid">
        <TextField {...year('birth_year')} />
        <TextField {...year('death_year')} />
      </div>
    </EditFormShell>
  );
}

/**
 * Other names the artist is known by: chips with a remove button each, and a field whose name
 * "Add" (or Enter) adds. A name already listed is not added twice.
 */
function AliasesField({
  id,
  value,
  onChange,
  draft,
  onDraft,
  error,
}: {
  /** The input's id; the error is `${id}-error`. */
  id: string;
  value: string[];
  onChange: (aliases: string[]) => void;
  draft: string;
  onDraft: (text: string) => void;
  error?: string | undefined;
}) {
  const t = useT();
  const [note, setNote] = useState('');
  const full = value.length >= ARTIST_LIMITS.aliasesMax;
  const add = () => {
    const name = draft.trim();
    if (!name) return;
    if (value.includes(name)) {
      setNote(t('artists.form.alreadyListed', { name }));
      return;
    }
    onChange([...value, name]);
    onDraft('');
    setNote(t('artists.form.added', { name }));
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    add();
  };
  const describedBy = [`${id}-status`, error && `${id}-error`].filter(Boolean).join(' ');

  return (
    <fieldset className="fieldset">
      <legend className="field__label">{artistFieldLabel('aliases')}</legend>
      <RemovableChips
        label={t('artists.form.otherNames')}
        items={value.map((name) => ({ key: name, label: name }))}
        onRemove={(name) => {
          onChange(value.filter((n) => n !== name));
          setNote(t('artists.form.removed', { name }));
        }}
        empty={t('artists.form.noOtherNames')}
      />
      <LabelledField htmlFor={id} label={t('artists.form.anotherName')} className="field field--compact">
        <div className="field__control">
          <input
            id={id}
            value={draft}
            maxLength={ARTIST_LIMITS.aliasMax}
            autoComplete="off"
            disabled={full}
            onChange={(e) => onDraft(e.target.value)}
            onKeyDown={onKey}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
          <button type="button" className="button button--outlined button--small" disabled={full || !draft.trim()} onClick={add}>
            {t('artists.form.addName')}
          </button>
        </div>
      </LabelledField>
      <p id={`${id}-status`} className="muted small" role="status">
        {full ? t('artists.form.namesFull', { max: ARTIST_LIMITS.aliasesMax }) : note}
      </p>
      <FieldError id={id} message={error} alert={false} />
    </fieldset>
  );
}
