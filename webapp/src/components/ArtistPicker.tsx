/**
 * The artists an artwork credits, in credit order, for the new-artwork and edit forms alike:
 * chips with a remove button each, and a search (GET /artists?search) whose matches are buttons
 * that add one, spelt as the registry knows them. Artists already credited are not offered again.
 * With `allowNew`, a name the registry does not know can be added too (a new artist, `id` null),
 * once the search has answered, so that a known artist is offered first. Enter adds the match
 * whose name is the one typed, else (with `allowNew`) the name as typed; it never submits the form.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useGetArtistsQuery } from '../api/artistIndexApi';
import { errorMessage } from '../api/errors';
import type { ArtistRef } from '../api/types';
import { ARTIST_PICKER_LIMIT, SEARCH_DEBOUNCE_MS } from '../config/constants';
import { useT } from '../i18n';
import { useDebouncedValue } from '../lib/hooks';
import { RemovableChips } from './EditForm';
import { Icon } from './Icon';
import { LabelledField } from './LabelledField';
import { FieldError } from './SubmissionParts';
import './ArtistPicker.css';

/** A credited artist: one the registry knows, or (id null) a new name. */
export interface CreditedArtist {
  id: string | null;
  name: string;
}

export const isKnownArtist = (a: CreditedArtist): a is ArtistRef => a.id !== null;

/** The longest name a new artist may have (the server's limit). */
export const ARTIST_NAME_MAX = 200;

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

export function ArtistPicker({
  id,
  value,
  onChange,
  error,
  legend,
  allowNew = false,
  query,
  onQuery,
  alert = false,
}: {
  /** The fieldset's id; its error is `${id}-error`. */
  id: string;
  value: readonly CreditedArtist[];
  onChange: (artists: CreditedArtist[]) => void;
  error?: string | undefined;
  /** The fieldset's legend (default: "Artists"). */
  legend?: string;
  /** Whether a name the registry does not know may be added. */
  allowNew?: boolean;
  /** The search's text, when the form keeps it (to tell a name typed but not added); else the picker does. */
  query?: string;
  onQuery?: (text: string) => void;
  /** As FieldError's: announce the error as it appears (a form without a summary of its problems). */
  alert?: boolean;
}) {
  const t = useT();
  const [ownText, setOwnText] = useState('');
  const text = query ?? ownText;
  const setText = onQuery ?? setOwnText;
  const typed = text.trim();
  const search = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const found = useGetArtistsQuery({ search, limit: ARTIST_PICKER_LIMIT }, { skip: !search });
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const statusId = useId();
  const hintId = useId();
  const credited = new Set(value.flatMap((a) => (a.id ? [a.id] : [])));
  const matches = search ? (found.currentData?.artists ?? []).filter((a) => !credited.has(a.id)) : [];
  // The search for what is typed has answered (or failed): only then is a new name offered.
  const answered = Boolean(typed) && search === typed && !found.isFetching && (found.isError || Boolean(found.currentData));
  const exact = answered ? matches.find((a) => sameName(a.name, typed)) : undefined;
  const creditedAlready = value.some((a) => sameName(a.name, typed));
  const offerNew = allowNew && answered && !exact && !creditedAlready;

  let status = '';
  if (typed && (typed !== search || found.isFetching)) status = t('components.artistPicker.searching');
  else if (search && found.isError) status = t('components.artistPicker.searchFailed', { reason: errorMessage(found.error) });
  else if (search && found.currentData) {
    status = matches.length
      ? t('components.artistPicker.found', { count: matches.length })
      : t('components.artistPicker.noMatch', { search });
  }

  const add = (artist: CreditedArtist) => {
    onChange([...value, { id: artist.id, name: artist.name }]);
    setText('');
    input.current?.focus();
  };
  const addNew = () => add({ id: null, name: typed.slice(0, ARTIST_NAME_MAX) });
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (exact) add(exact);
    else if (offerNew) addNew();
  };

  const describedBy = [allowNew ? hintId : '', statusId, error ? `${id}-error` : ''].filter(Boolean).join(' ');

  return (
    <fieldset id={id} className="fieldset" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field__label">{legend ?? t('components.artistPicker.legend')}</legend>
      <RemovableChips
        label={t('components.artistPicker.credited')}
        items={value.map((a) => ({
          key: a.id ?? `new:${a.name.toLocaleLowerCase()}`,
          label: a.id ? a.name : t('components.artistPicker.newArtist', { name: a.name }),
        }))}
        onRemove={(removed) => onChange(value.filter((x) => (x.id ?? `new:${x.name.toLocaleLowerCase()}`) !== removed))}
        empty={t('components.artistPicker.none')}
      />
      <LabelledField htmlFor={inputId} label={t('components.artistPicker.find')} className="field field--compact">
        <input
          ref={input}
          id={inputId}
          type="search"
          value={text}
          maxLength={ARTIST_NAME_MAX}
          autoComplete="off"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKey}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
      </LabelledField>
      {allowNew && (
        <p id={hintId} className="muted small">
          {t('components.artistPicker.hint')}
        </p>
      )}
      <p id={statusId} className="muted small" role="status">
        {status}
      </p>
      {(matches.length > 0 || offerNew) && (
        <ul className="artist-matches" aria-label={t('components.artistPicker.matches')}>
          {matches.map((a) => (
            <li key={a.id}>
              <button
                type="button"
                className="button button--text button--small"
                aria-label={t('components.artistPicker.add', { name: a.name })}
                onClick={() => add(a)}
              >
                <Icon name="add" size={18} /> {a.name}
              </button>
            </li>
          ))}
          {offerNew && (
            <li>
              <button type="button" className="button button--text button--small" onClick={addNew}>
                <Icon name="add" size={18} /> {t('components.artistPicker.addNew', { name: typed })}
              </button>
            </li>
          )}
        </ul>
      )}
      <FieldError id={id} message={error} alert={alert} />
    </fieldset>
  );
}
