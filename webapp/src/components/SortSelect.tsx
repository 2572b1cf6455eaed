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
  labels: Readonly<Record<S, string>>;
  /** The chosen sort, as the select gives it. */
  onChange: (sort: string) => void;
  className?: string;
}) {
  return (
    <label className={className}>
      <span className="field__label">Sort by</span>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {sorts.map((s) => (
          <option key={s} value={s}>
            {labels[s]}
          </option>
        ))}
      </select>
    </label>
  );
}
