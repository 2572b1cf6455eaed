/** The search box: trimmed text only, with up to five suggestions as you type. */
import { useId, useState, type FormEvent } from 'react';
import { Icon } from '../../components/Icon';
import { SEARCH_DEBOUNCE_MS } from '../../config/constants';
import { useDebouncedValue } from '../../lib/hooks';
import { useSearchSuggestionsQuery } from './searchApi';

/** The text to search for, or null when there is nothing to send. */
export function searchText(raw: string): string | null {
  const t = raw.trim();
  return t ? t : null;
}

export function SearchForm({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(initial);
  const [showSuggestions, setShowSuggestions] = useState(false);
  const typed = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const { data: suggestions } = useSearchSuggestionsQuery(typed, { skip: typed.length < 2 || !showSuggestions });
  const listId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = searchText(text);
    if (q) {
      setShowSuggestions(false);
      onSearch(q);
    }
  };

  const visible = showSuggestions && suggestions && suggestions.length > 0;
  return (
    <form role="search" className="search-form" onSubmit={submit}>
      <label className="field field--grow">
        <span className="visually-hidden">Search artworks and artists</span>
        <input
          type="search"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setShowSuggestions(true);
          }}
          onBlur={() => setTimeout(() => setShowSuggestions(false), 150)}
          placeholder="Search artworks, artists, places…"
          autoComplete="off"
          aria-autocomplete="list"
          aria-controls={visible ? listId : undefined}
          aria-expanded={visible ? true : undefined}
        />
      </label>
      <button type="submit" className="button button--filled" disabled={!searchText(text)}>
        <Icon name="search" size={18} /> Search
      </button>
      {visible && (
        <ul id={listId} className="suggestions" aria-label="Suggestions">
          {suggestions.map((s) => (
            <li key={s}>
              <button
                type="button"
                className="suggestions__item"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  setText(s);
                  setShowSuggestions(false);
                  onSearch(s);
                }}
              >
                {s}
              </button>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
