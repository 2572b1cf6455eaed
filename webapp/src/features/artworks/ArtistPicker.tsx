/**
 * The artists an artwork credits, in credit order: chips with a remove button each, and a search
 * (GET /artists?search) whose matches are buttons that add one. Artists already credited are not
 * offered again.
 */
import { useId, useRef, useState } from 'react';
import { useGetArtistsQuery } from '../../api/artistIndexApi';
import { errorMessage } from '../../api/errors';
import type { ArtistRef } from '../../api/types';
import { RemovableChips } from '../../components/EditForm';
import { Icon } from '../../components/Icon';
import { FieldError } from '../../components/SubmissionParts';
import { ARTIST_PICKER_LIMIT, SEARCH_DEBOUNCE_MS } from '../../config/constants';
import { plural } from '../../lib/format';
import { useDebouncedValue } from '../../lib/hooks';

export function ArtistPicker({
  id,
  value,
  onChange,
  error,
}: {
  /** The fieldset's id; its error is `${id}-error`. */
  id: string;
  value: ArtistRef[];
  onChange: (artists: ArtistRef[]) => void;
  error?: string | undefined;
}) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const found = useGetArtistsQuery({ search, limit: ARTIST_PICKER_LIMIT }, { skip: !search });
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const statusId = useId();
  const credited = new Set(value.map((a) => a.id));
  const matches = search ? (found.currentData?.artists ?? []).filter((a) => !credited.has(a.id)) : [];

  let status = '';
  if (search && found.isFetching) status = 'Searching…';
  else if (search && found.isError) status = `Could not search artists. ${errorMessage(found.error)}`;
  else if (search && found.currentData) {
    status = matches.length ? `${plural(matches.length, 'artist')} found` : `No other artists match “${search}”`;
  }

  const add = (artist: ArtistRef) => {
    onChange([...value, { id: artist.id, name: artist.name }]);
    setText('');
    input.current?.focus();
  };

  return (
    <fieldset id={id} className="fieldset" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field__label">Artists</legend>
      <RemovableChips
        label="Credited artists"
        items={value.map((a) => ({ key: a.id, label: a.name }))}
        onRemove={(removed) => onChange(value.filter((x) => x.id !== removed))}
        empty="No artists credited."
      />
      <div className="field field--compact">
        <label className="field__label" htmlFor={inputId}>
          Find an artist to add
        </label>
        <input
          ref={input}
          id={inputId}
          type="search"
          value={text}
          maxLength={100}
          autoComplete="off"
          onChange={(e) => setText(e.target.value)}
          aria-describedby={statusId}
        />
      </div>
      <p id={statusId} className="muted small" role="status">
        {status}
      </p>
      {matches.length > 0 && (
        <ul className="artist-matches" aria-label="Matching artists">
          {matches.map((a) => (
            <li key={a.id}>
              <button type="button" className="button button--text button--small" aria-label={`Add ${a.name}`} onClick={() => add(a)}>
                <Icon name="add" size={18} /> {a.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      <FieldError id={id} message={error} alert={false} />
    </fieldset>
  );
}
