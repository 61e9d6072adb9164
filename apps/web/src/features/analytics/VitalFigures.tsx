import type { ChartResponse } from '@argus/contracts/http/analytics';

/**
 * Web vitals with the thresholds web.dev publishes (good up to the first, poor beyond the second),
 * as figures: their units differ too much to share an axis.
 */
const THRESHOLDS: Record<string, { good: number; poor: number; unit: string }> = {
  CLS: { good: 0.1, poor: 0.25, unit: '' },
  FCP: { good: 1800, poor: 3000, unit: 'ms' },
  INP: { good: 200, poor: 500, unit: 'ms' },
  LCP: { good: 2500, poor: 4000, unit: 'ms' },
  TTFB: { good: 800, poor: 1800, unit: 'ms' },
  FID: { good: 100, poor: 300, unit: 'ms' },
};

function rating(metric: string, value: number): { text: string; className: string } | null {
  const threshold = THRESHOLDS[metric];
  if (!threshold) return null;
  if (value <= threshold.good) return { text: 'Good', className: 'text-success' };
  if (value <= threshold.poor) return { text: 'Needs improvement', className: 'text-warning' };
  return { text: 'Poor', className: 'text-danger' };
}

export function VitalFigures({ chart }: { chart: ChartResponse }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-hidden="true">
      {chart.rows.map((row) => {
        const metric = String(row.metric);
        const value = typeof row.p75 === 'number' ? row.p75 : null;
        const judged = value === null ? null : rating(metric, value);
        return (
          <li key={metric} className="rounded-md border border-line bg-surface-sunken p-3">
            <span className="block text-sm text-ink-muted">{metric}</span>
            <span className="block text-2xl font-semibold tabular-nums">
              {value ?? '—'}
              {value !== null && THRESHOLDS[metric]?.unit ? (
                <span className="ml-1 text-sm font-normal">{THRESHOLDS[metric].unit}</span>
              ) : null}
            </span>
            {judged ? <span className={`block text-sm ${judged.className}`}>{judged.text}</span> : null}
            <span className="block text-xs text-ink-muted">{row.samples === 1 ? '1 sample' : `${String(row.samples)} samples`}</span>
          </li>
        );
      })}
    </ul>
  );
}
