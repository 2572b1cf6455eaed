/**
 * The map's filter panel: one artwork type, one of the viewer's lists, "Not seen by me" (not
 * in their Visited list) and "Show removed artworks" (the removed layer, which the other filters
 * narrow too). Every change goes to the URL at once (`onChange`). The focus moves into
 * it on opening; Escape closes it (the map page then focuses its button again).
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { errorMessage } from '../../api/errors';
import type { ListSummary } from '../../api/types';
import { ArtworkTypeSelect } from '../../components/ArtworkTypeSelect';
import { Icon } from '../../components/Icon';
import { plural } from '../../lib/format';
import { activeFilterCount, NO_FILTERS, type MapFilters } from './mapFilters';

export interface ListsState {
  data?: ListSummary[] | undefined;
  error?: unknown;
  isLoading: boolean;
}

export function MapFiltersPanel({
  id,
  filters,
  lists,
  onChange,
  onClose,
}: {
  id: string;
  filters: MapFilters;
  lists: ListsState;
  onChange: (next: MapFilters) => void;
  onClose: () => void;
}) {
  const first = useRef<HTMLSelectElement>(null);
  useEffect(() => first.current?.focus(), []);
  const known = lists.data ?? [];
  const unknownList = filters.list && lists.data && !known.some((l) => l.id === filters.list);
  return (
    <section
      id={id}
      className="map-filters"
      aria-label="Map filters"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <header className="map-list__header">
        <h2>Filters</h2>
        <button type="button" className="icon-button" aria-label="Close the filters" onClick={onClose}>
          <Icon name="close" />
        </button>
      </header>
      <ArtworkTypeSelect
        label="Artwork type"
        className="field field--compact"
        selectRef={first}
        value={filters.type ?? null}
        onChange={(type) => onChange({ ...filters, type })}
      />
      <label className="field field--compact">
        <span className="field__label">List</span>
        <select
          value={filters.list ?? ''}
          onChange={(e) => onChange({ ...filters, list: e.target.value || null })}
          aria-busy={lists.isLoading || undefined}
        >
          <option value="">All artworks</option>
          {lists.isLoading && (
            <option value="" disabled>
              Loading your lists…
            </option>
          )}
          {known.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name} ({plural(l.item_count, 'artwork')})
            </option>
          ))}
          {(unknownList || (filters.list && !lists.data)) && <option value={filters.list ?? ''}>A shared list</option>}
        </select>
      </label>
      {Boolean(lists.error) && (
        <p className="field__error" role="alert">
          Your lists could not be loaded: {errorMessage(lists.error)}
        </p>
      )}
      <HintedCheckbox label="Not seen by me" checked={filters.unseen} onChange={(unseen) => onChange({ ...filters, unseen })}>
        Hides the artworks in your Visited list.
      </HintedCheckbox>
      <HintedCheckbox label="Show removed artworks" checked={filters.removed} onChange={(removed) => onChange({ ...filters, removed })}>
        <span className="map-legend__removed" aria-hidden="true" /> Artworks a moderator marked as no longer there, drawn greyed.
      </HintedCheckbox>
      <button
        type="button"
        className="button button--text button--small"
        disabled={activeFilterCount(filters) === 0}
        onClick={() => onChange(NO_FILTERS)}
      >
        Clear filters
      </button>
    </section>
  );
}

/** A filter's checkbox with the hint under it that says what it does (`children`). */
function HintedCheckbox({ label, checked, onChange, children }: { label: string; checked: boolean; onChange: (checked: boolean) => void; children: ReactNode }) {
  const hintId = useId();
  return (
    <div className="field field--compact">
      <label className="checkbox">
        <input type="checkbox" checked={checked} aria-describedby={hintId} onChange={(e) => onChange(e.target.checked)} /> {label}
      </label>
      <span id={hintId} className="field__hint">
        {children}
      </span>
    </div>
  );
}
