import { lazy, Suspense, useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ChartId, ChartResponse } from '@argus/contracts/http/analytics';
import { describeError } from '../../lib/api-error';
import { Button } from '../../components/ui/Button';
import { analyticsQueries, type ChartRange } from './analytics.queries';
import { CHART_LAYOUTS } from './chart-layouts';
import { ChartTable } from './ChartTable';
import { downloadChartCsv } from './csv-download';
import { VitalFigures } from './VitalFigures';

// Recharts is the bulk of this page's code: it loads after the page frame and the range picker.
const ChartView = lazy(async () => ({ default: (await import('./ChartView')).ChartView }));

/** Whether there is anything to draw: an all-zero chart is only its summary and table. */
function hasFigures(chart: ChartResponse): boolean {
  const values = chart.columns.filter((column) => column.role === 'value');
  return chart.rows.some((row) => values.some((column) => typeof row[column.key] === 'number' && row[column.key] !== 0));
}

/** One chart: its picture, its summary as the caption, its table, and its CSV. */
export function ChartCard({ id, range }: { id: ChartId; range: ChartRange }) {
  const headingId = useId();
  const query = useQuery(analyticsQueries.chart(id, range));
  const chart = query.data;
  const kind = CHART_LAYOUTS[id].kind;

  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-line bg-surface-raised p-4"
      data-chart={id}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold">
          {chart?.title ?? id}
        </h3>
        <Button
          variant="secondary"
          className="min-h-9 px-3 py-1 text-sm"
          disabled={!chart}
          onClick={() => chart && downloadChartCsv(chart)}
          aria-label={`Download CSV: ${chart?.title ?? id}`}
        >
          Download CSV
        </Button>
      </div>
      {query.isPending ? <p className="text-ink-muted">Loading…</p> : null}
      {query.isError ? <p className="text-danger">{describeError(query.error)}</p> : null}
      {chart ? (
        <figure className="m-0 flex flex-col gap-3" aria-busy={query.isFetching}>
          <figcaption className="text-sm text-ink-muted">{chart.summary}</figcaption>
          {hasFigures(chart) && kind !== 'table' ? (
            kind === 'figures' ? (
              <VitalFigures chart={chart} />
            ) : (
              <Suspense fallback={<p className="text-ink-muted">Loading the chart…</p>}>
                <ChartView chart={chart} />
              </Suspense>
            )
          ) : null}
          {kind === 'table' ? (
            chart.rows.length > 0 ? (
              <ChartTable chart={chart} caption={chart.title} />
            ) : null
          ) : (
            <details>
              <summary className="cursor-pointer text-sm">Data table</summary>
              <div className="mt-2">
                <ChartTable chart={chart} caption={chart.title} />
              </div>
            </details>
          )}
        </figure>
      ) : null}
    </section>
  );
}
