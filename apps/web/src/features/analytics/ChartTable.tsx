import type { ChartCell, ChartColumn, ChartResponse } from '@argus/contracts/http/analytics';

/** Figures align right; an identifier kept for the CSV (a rule's id) reads as code, small and muted. */
function cellClass(column: ChartColumn, value: ChartCell | undefined): string {
  if (column.role === 'id') return 'px-2 py-1 font-mono text-xs text-ink-muted';
  return typeof value === 'number' ? 'px-2 py-1 text-right tabular-nums' : 'px-2 py-1';
}

/** The chart's table as an HTML table: its text alternative and what its CSV holds. */
export function ChartTable({ chart, caption }: { chart: ChartResponse; caption: string }) {
  return (
    // Focusable because it may scroll: a keyboard user must reach every row.
    <div
      tabIndex={0}
      role="region"
      aria-label={`Data table: ${caption}`}
      className="max-h-80 overflow-auto rounded-md border border-line focus-visible:outline focus-visible:outline-2 focus-visible:outline-gold"
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-surface-raised">
          <tr>
            {chart.columns.map((column) => (
              <th key={column.key} scope="col" className="border-b border-line px-2 py-1 font-semibold">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chart.rows.map((row, index) => (
            <tr key={index} className="border-b border-line last:border-b-0">
              {chart.columns.map((column, columnIndex) =>
                columnIndex === 0 ? (
                  <th key={column.key} scope="row" className="min-w-36 max-w-md break-words px-2 py-1 font-normal">
                    {row[column.key] ?? '—'}
                  </th>
                ) : (
                  <td key={column.key} className={cellClass(column, row[column.key])}>
                    {row[column.key] ?? '—'}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
