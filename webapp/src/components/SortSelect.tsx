import { useT, type MessageKey } from '../i18n';
import { LabelledSelect, ValueOptions } from './Select';

/** "Sort by" for a sortable list (artists, artworks): its sorts, in order, named by `labels`. */
export function SortSelect<S extends string>({
  value,
  sorts,
  labels,
  onChange,
  className = 'field',
}: {
  value: S;
  sorts: readonly S[];
  /** Each sort's name, as a message. */
  labels: Readonly<Record<S, MessageKey>>;
  /** The chosen sort, as the select gives it. */
  onChange: (sort: string) => void;
  className?: string;
}) {
  const t = useT();
  return (
    <LabelledSelect label={t('components.sort.label')} className={className} value={value} onChange={(e) => onChange(e.target.value)}>
      <ValueOptions values={sorts} label={(s) => t(labels[s])} />
    </LabelledSelect>
  );
}
