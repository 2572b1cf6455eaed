/** A labelled select of the artwork types, "All types" first (the map's filters, the artwork index). */
import type { Ref } from 'react';
import type { ArtworkType } from '../api/types';
import { useT } from '../i18n';
import { ARTWORK_TYPES, artworkTypeLabel, isArtworkType } from '../lib/map/artworkTypes';
import { LabelledSelect, ValueOptions } from './Select';

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
  const t = useT();
  return (
    <LabelledSelect
      label={label}
      className={className}
      selectRef={selectRef}
      value={value ?? ''}
      onChange={(e) => onChange(isArtworkType(e.target.value) ? e.target.value : null)}
    >
      <option value="">{t('components.artworkType.all')}</option>
      <ValueOptions values={ARTWORK_TYPES} label={artworkTypeLabel} />
    </LabelledSelect>
  );
}
