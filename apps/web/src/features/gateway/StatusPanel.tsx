import { useQuery } from '@tanstack/react-query';
import type { StatusResponse } from '@argus/contracts/http/platform';
import { describeError } from '../../lib/api-error';
import { platformQueries } from '../platform/platform.queries';
import { formatPercent, formatUptime } from './format';

type StatusWindow = StatusResponse['window'];

const THRESHOLD_ROWS: Array<{
  key: 'errorRate' | 'responseTimeP95Ms' | 'uptime';
  label: string;
  format: (value: number | null) => string;
}> = [
  { key: 'errorRate', label: 'Error rate', format: formatPercent },
  { key: 'responseTimeP95Ms', label: 'Response time (p95)', format: (value) => (value === null ? 'no data' : `${Math.round(value)} ms`) },
  { key: 'uptime', label: 'Uptime', format: formatPercent },
];

/** GET /status: the service, its database and the alert thresholds over the recent window. */
export function StatusPanel() {
  const status = useQuery(platformQueries.status());
  return (
    <section aria-labelledby="status-heading" className="rounded-lg border border-line bg-surface-raised p-4">
      <h2 id="status-heading" className="mb-2 text-lg font-semibold">
        Status
      </h2>
      {status.isPending ? <p>Loading status...</p> : null}
      {status.isError ? <p className="text-danger">{`Status unavailable: ${describeError(status.error)}`}</p> : null}
      {status.data ? (
        <div className="space-y-3">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-ink-muted">Service</dt>
            <dd>{`${status.data.name} ${status.data.version}`}</dd>
            <dt className="text-ink-muted">Site</dt>
            <dd>{status.data.site}</dd>
            <dt className="text-ink-muted">Uptime</dt>
            <dd>{formatUptime(status.data.uptimeSeconds)}</dd>
            <dt className="text-ink-muted">Database</dt>
            <dd>{`${status.data.database.dialect}, ${status.data.database.reachable ? 'reachable' : 'unreachable'}`}</dd>
            <dt className="text-ink-muted">Requests</dt>
            <dd>{`${status.data.window.requests} in the last ${Math.round(status.data.window.seconds / 60)} min`}</dd>
          </dl>
          <ThresholdTable window={status.data.window} />
          <p className={status.data.breached.length ? 'font-semibold text-danger' : 'text-success'}>
            {status.data.breached.length ? `Thresholds breached: ${status.data.breached.join(', ')}` : 'No thresholds breached'}
          </p>
        </div>
      ) : null}
    </section>
  );
}

function ThresholdTable({ window }: { window: StatusWindow }) {
  return (
    <div role="region" aria-label="Alert thresholds" tabIndex={0} className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Alert thresholds</caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className="py-1 pr-3">
              Measure
            </th>
            <th scope="col" className="py-1 pr-3">
              Value
            </th>
            <th scope="col" className="py-1 pr-3">
              Threshold
            </th>
            <th scope="col" className="py-1">
              State
            </th>
          </tr>
        </thead>
        <tbody>
          {THRESHOLD_ROWS.map((row) => {
            const measure = window[row.key];
            return (
              <tr key={row.key} className="border-b border-line">
                <th scope="row" className="py-1 pr-3 font-normal">
                  {row.label}
                </th>
                <td className="py-1 pr-3">{row.format(measure.value)}</td>
                <td className="py-1 pr-3">{row.format(measure.threshold)}</td>
                <td className={measure.breached ? 'py-1 font-semibold text-danger' : 'py-1 text-success'}>
                  {measure.breached ? 'Breached' : 'Within limit'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
