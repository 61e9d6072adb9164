import { useQuery } from '@tanstack/react-query';
import { describeError } from '../../lib/api-error';
import { platformQueries } from '../platform/platform.queries';
import { formatUptime } from './format';

/** GET /health as a small definition list, refreshed every 30 seconds. */
export function HealthPanel({ heading }: { heading: string }) {
  const health = useQuery(platformQueries.health());
  return (
    <section aria-labelledby="health-heading" className="rounded-lg border border-line bg-surface-raised p-4">
      <h2 id="health-heading" className="mb-2 text-lg font-semibold">
        {heading}
      </h2>
      {health.isPending ? <p>Checking health...</p> : null}
      {health.isError ? <p className="text-danger">{`Health check failed: ${describeError(health.error)}`}</p> : null}
      {health.data ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-ink-muted">Status</dt>
          <dd className={health.data.status === 'ok' ? 'text-success' : 'text-warning'}>
            {health.data.status === 'ok' ? 'OK' : 'Degraded'}
          </dd>
          <dt className="text-ink-muted">Database</dt>
          <dd>{health.data.database === 'up' ? 'Up' : 'Down'}</dd>
          <dt className="text-ink-muted">Version</dt>
          <dd>{health.data.version}</dd>
          <dt className="text-ink-muted">Uptime</dt>
          <dd>{formatUptime(health.data.uptimeSeconds)}</dd>
          <dt className="text-ink-muted">Server time</dt>
          <dd>{new Date(health.data.time).toLocaleString()}</dd>
        </dl>
      ) : null}
    </section>
  );
}
