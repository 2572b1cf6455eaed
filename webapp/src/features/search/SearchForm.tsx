/**
 * The search box: an ARIA 1.2 combobox (editable, list autocomplete) with up to five
 * suggestions, fetched once typing pauses and only for non-empty trimmed text. Arrow keys move
 * through the suggestions, Enter picks the highlighted one (or searches), Escape closes the list.
 * Submitting opens /search/results?q=…; a suggestion that names one artwork or artist opens it.
 */
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import type { SuggestionDto } from '../../api/types';
import { Icon } from '../../components/Icon';
import { LabelledField } from '../../components/LabelledField';
import { SEARCH_DEBOUNCE_MS } from '../../config/constants';
import { to } from '../../config/routes';
import { useT } from '../../i18n';
import { useDebouncedValue } from '../../lib/hooks';
import { SEARCH_TEXT_MAX, searchText, suggestionKindLabel, suggestionTarget } from './searchQuery';
import { useSearchSuggestionsQuery } from './searchApi';

const NO_SUGGESTIONS: SuggestionDto[] = [];

export function SearchForm({ initial = '' }: { initial?: string }) {
  const t = useT();
  const [text, setText] = useState(initial);
  // Suggestions are offered only while the person is typing here, not for a prefilled query.
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-listbox`;
  const optionId = (i: number) => `${id}-option-${i}`;

  const typed = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const wanted = open && typed !== '' && text.trim() !== '';
  const { data } = useSearchSuggestionsQuery(typed, { skip: !wanted });
  const suggestions = wanted && data ? data : NO_SUGGESTIONS;
  const expanded = suggestions.length > 0;
  const highlighted = expanded && active >= 0 && active < suggestions.length ? active : -1;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const search = (q: string) => {
    close();
    void navigate(to.searchResults(q));
  };

  const pick = (s: SuggestionDto) => {
    close();
    setText(s.text);
    void navigate(suggestionTarget(s));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = searchText(text);
    if (q) search(q);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!open) setOpen(true);
        if (expanded) setActive(highlighted < 0 || highlighted >= suggestions.length - 1 ? 0 : highlighted + 1);
        break;
      case 'ArrowUp':
        e.preventDefault();
        if (!open) setOpen(true);
        if (expanded) setActive(highlighted <= 0 ? suggestions.length - 1 : highlighted - 1);
        break;
      case 'Enter': {
        const s = highlighted >= 0 ? suggestions[highlighted] : undefined;
        if (s) {
          e.preventDefault();
          pick(s);
        }
        break;
      }
      case 'Escape':
        if (expanded) {
          // Close the list only: the browser would also clear a search field.
          e.preventDefault();
          close();
        } else if (text) {
          e.preventDefault();
          setText('');
        }
        break;
      default:
        break;
    }
  };

  return (
    <form role="search" aria-label={t('search.form.label')} className="search-form" onSubmit={submit}>
      <LabelledField htmlFor={inputId} label={t('search.form.inputLabel')} className="search-form__box">
        <input
          id={inputId}
          type="search"
          role="combobox"
          value={text}
          maxLength={SEARCH_TEXT_MAX}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
          placeholder={t('search.form.placeholder')}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={highlighted >= 0 ? optionId(highlighted) : undefined}
        />
        <ul id={listId} role="listbox" className="suggestions" aria-label={t('search.form.suggestions')} hidden={!expanded}>
          {suggestions.map((s, i) => (
            <li
              key={`${s.kind}-${s.id ?? ''}-${s.text}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === highlighted}
              className={`suggestions__item${i === highlighted ? ' suggestions__item--active' : ''}`}
              // Keep the focus in the box, so the click below still sees the list.
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => pick(s)}
            >
              <span className="suggestions__text">{s.text}</span>
              <span className="suggestions__kind">{suggestionKindLabel(s.kind, t)}</span>
            </li>
          ))}
        </ul>
      </LabelledField>
      <button type="submit" className="button button--filled search-form__submit" disabled={!searchText(text)}>
        <Icon name="search" size={18} /> {t('common.search')}
      </button>
      <span className="visually-hidden" role="status" aria-live="polite">
        {expanded ? t('search.form.suggestionCount', { count: suggestions.length }) : ''}
      </span>
    </form>
  );
}
