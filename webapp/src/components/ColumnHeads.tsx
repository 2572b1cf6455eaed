/** A table's head: one row of column headers, in order; a column given as `false` (one shown only sometimes) is left out. */
import type { ReactNode } from 'react';

export function ColumnHeads({ columns }: { columns: ReadonlyArray<ReactNode> }) {
  return (
    <thead>
      <tr>
        {columns
          .filter((c) => c !== false)
          .map((c, i) => (
            <th key={i} scope="col">
              {c}
            </th>
          ))}
      </tr>
    </thead>
  );
}
