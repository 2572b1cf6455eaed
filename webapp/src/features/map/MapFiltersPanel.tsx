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
import { useT } from '../../i18n';
import { activeFilterCount, NO_FILTERS, type MapFilters } from './mapFilters';
import { PopoverPanel } from './PanelHeader';

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
  const t = useT();
  const first = useRef<HTMLSelectElement>(null);
  useEffect(() => first.current?.focus(), []);
  const known = lists.data ?? [];
  const unknownList = filters.list && lists.data && !known.some((l) => l.id === filters.list);
  return (
    <PopoverPanel id={id} className="map-filters" label={t('map.filters.label')} title={t('map.filters.title')} closeLabel={t('map.filters.close')} onClose={onClose}>
      <ArtworkTypeSelect
        label={t('map.filters.type')}
        className="field field--compact"
        selectRef={first}
        value={filters.type ?? null}
        onChange={(type) => onChange({ ...filters, type })}
      />
      <label className="field field--compact">
        <span className="field__label">{t('map.filters.list')}</span>
        <select
          value={filters.list ?? ''}
          onChange={(e) => onChange({ ...filters, list: e.target.value || null })}
          aria-busy={lists.isLoading || undefined}
        >
          <option value="">{t('map.filters.allArtworks')}</option>
          {lists.isLoading && (
            <option value="" disabled>
              {t('map.filters.loadingLists')}
            </option>
          )}
          {known.map((l) => (
            <option key={l.id} value={l.id}>
              {t('map.filters.listOption', { name: l.name, count: l.item_count })}
            </option>
          ))}
          {(unknownList || (filters.list && !lists.data)) && <option value={filters.list ?? ''}>{t('map.filters.sharedList')}</option>}
        </select>
      </label>
      {Boolean(lists.error) && (
        <p className="field__error" role="alert">
          {t('map.filters.listsError', { error: errorMessage(lists.error) })}
        </p>
      )}
      <HintedCheckbox label={t('map.filters.unseen')} checked={filters.unseen} onChange={(unseen) => onChange({ ...filters, unseen })}>
        {t('map.filters.unseenHint')}
      </HintedCheckbox>
      <HintedCheckbox label={t('map.filters.removed')} checked={filters.removed} onChange={(removed) => onChange({ ...filters, removed })}>
        <span className="map-legend__removed" aria-hidden="true" /> {t('map.filters.removedHint')}
      </HintedCheckbox>
      <button
        type="button"
        className="button button--text button--small"
        disabled={activeFilterCount(filters) === 0}
        onClick={() => onChange(NO_FILTERS)}
      >
        {t('map.filters.clear')}
      </button>
    </PopoverPanel>
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
