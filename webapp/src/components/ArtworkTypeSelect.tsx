/** A labelled select of the artwork types, "All types" first (the map's filters, the artwork index). */
import type { Ref } from 'react';
import type { ArtworkType } from '../api/types';
import { ARTWORK_TYPES, artworkTypeLabel, isArtworkType } from '../lib/map/artworkTypes';

export function ArtworkTypeSelect({
  label,
  value,
  onChange,
  className = 'field',
  selectRef,
}: {
  label: string;
  value: ArtworkType | null;
  /** `null`: all types. */
  onChange: (type: ArtworkType | null) => void;
  className?: string;
  selectRef?: Ref<HTMLSelectElement>;
}) {
  return (
    <label className={className}>
      <span className="field__label">{label}</span>
      <select ref={selectRef} value={value ?? ''} onChange={(e) => onChange(isArtworkType(e.target.value) ? e.target.value : null)}>
        <option value="">All types</option>
        {ARTWORK_TYPES.map((t) => (
          <option key={t} value={t}>
            {artworkTypeLabel(t)}
          </option>
        ))}
      </select>
    </label>
  );
}
