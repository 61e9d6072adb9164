import { useMemo, useState } from 'react';
import { OPERATIONAL_CHARTS, PLATFORM_CHARTS } from '@argus/contracts/http/analytics';
import { ChartCard } from './ChartCard';
import { RangePicker } from './RangePicker';
import { resolveRange, toLocalInput, type RangeChoice } from './analytics-range';
import type { ChartRange } from './analytics.queries';

/**
 * /analytics: operational charts and platform telemetry (docs/decisions/0011-what-each-page-does.md), all aggregated by
 * the server for the chosen range; each chart has a summary, a data table and a CSV export.
 */
export function AnalyticsPage() {
  const [choice, setChoice] = useState<RangeChoice>(() => {
    const now = Date.now();
    return { preset: '7d', customFrom: toLocalInput(now - 7 * 86_400_000), customTo: toLocalInput(now), includeExercise: false };
  });
  // The last valid range stays on screen while a custom one is being typed.
  const [shown, setShown] = useState<ChartRange | null>(null);
  const resolved = useMemo(() => resolveRange(choice, Date.now()), [choice]);
  const range = resolved.ok ? { from: resolved.from, to: resolved.to, includeExercise: choice.includeExercise } : shown;
  if (resolved.ok && (shown?.from !== resolved.from || shown.to !== resolved.to || shown.includeExercise !== choice.includeExercise))
    setShown(range);

  return (
    <div className="space-y-6">
      <RangePicker value={choice} onChange={setChoice} problem={resolved.ok ? null : resolved.problem} />
      {range ? (
        <p className="text-sm text-ink-muted" role="status">
          {`Showing ${new Date(range.from).toLocaleString()} to ${new Date(range.to).toLocaleString()}${range.includeExercise ? ', exercise data included' : ', exercise data left out'}. Time buckets are in UTC.`}
        </p>
      ) : null}
      {range ? (
        <>
          <section aria-labelledby="operational-heading" className="space-y-3">
            <h2 id="operational-heading" className="text-xl font-semibold">
              Operations
            </h2>
            <div className="grid gap-4 xl:grid-cols-2">
              {OPERATIONAL_CHARTS.map((id) => (
                <ChartCard key={id} id={id} range={range} />
              ))}
            </div>
          </section>
          <section aria-labelledby="platform-heading" className="space-y-3">
            <h2 id="platform-heading" className="text-xl font-semibold">
              Platform telemetry
            </h2>
            <div className="grid gap-4 xl:grid-cols-2">
              {PLATFORM_CHARTS.map((id) => (
                <ChartCard key={id} id={id} range={range} />
              ))}
            </div>
          </section>
        </>
      ) : null}
    </div>
  );
}
