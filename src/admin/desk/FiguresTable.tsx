import type { ReactNode } from 'react';

/** A table of figures in a scrollable region, as every table of the desk. */
export function FiguresTable({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="desk-table" role="region" aria-label={caption} tabIndex={0}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
