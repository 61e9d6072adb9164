import type { ReactNode } from 'react';

/**
 * A table of records that turns into one card per row on a phone, so nothing scrolls sideways
 * (users, devices). The rows are the caller's: `CARD_ROW` on each row, `cardCell` on each cell, and
 * `CardLabel` before a cell's value to name it where the card hides the column headers.
 */
export function CardTable({ caption, columns, children }: { caption: string; columns: readonly string[]; children: ReactNode }) {
  return (
    <div className="sm:overflow-x-auto">
      <table className="w-full text-left max-sm:block sm:min-w-[32rem]">
        <caption className="sr-only">{caption}</caption>
        <thead className="max-sm:sr-only">
          <tr className="border-b border-line">
            {columns.map((column, index) => (
              <th key={column} scope="col" className={index < columns.length - 1 ? 'py-2 pr-3' : 'py-2'}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:block max-sm:space-y-3">{children}</tbody>
      </table>
    </div>
  );
}

export const CARD_ROW =
  'border-b border-line align-top max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:gap-y-2 max-sm:rounded-lg max-sm:border max-sm:p-3';

/** A cell's classes: `wide` spans the card's two columns on a phone; the last cell has no right padding. */
export function cardCell({ wide = false, last = false }: { wide?: boolean; last?: boolean } = {}): string {
  return `py-2 max-sm:py-0${last ? '' : ' pr-3'}${wide ? ' max-sm:col-span-2' : ''}`;
}

/**
 * A cell's column name, shown on a phone only, where the card hides the table's headers. Put the
 * value after it in an element of its own, so it can be found by its own text.
 */
export function CardLabel({ children }: { children: ReactNode }) {
  return <span className="block text-sm text-ink-muted sm:hidden">{children}</span>;
}
