import { useMemo } from 'react';
import { Plus } from 'lucide-react';
import type { Incident } from '@argus/contracts/http/incidents';
import { Button } from '../../components/ui/Button';
import { cn } from '../../lib/class-names';
import { formatAge } from '../../lib/time-format';
import { INCIDENT_STATUS_LABELS, severityRank } from './incident-labels';
import { SeverityBadge } from './SeverityBadge';

export interface IncidentQueueProps {
  incidents: readonly Incident[];
  /** More open incidents exist than the queue holds. */
  truncated: boolean;
  now: number;
  selectedId: string | null;
  onSelect: (incident: Incident) => void;
  onCreate: () => void;
}

/** Most severe first; within a severity, the one waiting longest first. */
export function sortQueue(incidents: readonly Incident[]): Incident[] {
  return [...incidents].sort((a, b) => severityRank(b.severity) - severityRank(a.severity) || a.createdAt - b.createdAt);
}

/** The open incidents, by severity and age; choosing one opens its detail and dispatch. */
export function IncidentQueue({ incidents, truncated, now, selectedId, onSelect, onCreate }: IncidentQueueProps) {
  const queue = useMemo(() => sortQueue(incidents), [incidents]);
  return (
    <section aria-labelledby="incident-queue-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="incident-queue-heading" className="text-lg font-semibold">
          {`Open incidents (${incidents.length}${truncated ? '+' : ''})`}
        </h2>
        <Button variant="secondary" onClick={onCreate}>
          <Plus aria-hidden="true" className="size-4" />
          New incident
        </Button>
      </div>
      {truncated ? (
        <p className="text-sm text-ink-muted">Showing the newest open incidents the server returned; older ones are not listed.</p>
      ) : null}
      {queue.length === 0 ? (
        <p className="text-ink-muted">No open incidents.</p>
      ) : (
        <ul className="space-y-2">
          {queue.map((incident) => (
            <li key={incident.id}>
              <button
                type="button"
                aria-current={incident.id === selectedId ? 'true' : undefined}
                onClick={() => onSelect(incident)}
                className={cn(
                  'w-full rounded-md border bg-surface-raised p-3 text-left hover:border-gold',
                  incident.id === selectedId ? 'border-gold' : 'border-line',
                )}
              >
                <span className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                  <SeverityBadge severity={incident.severity} />
                  <span className="text-sm text-ink-muted">{`${INCIDENT_STATUS_LABELS[incident.status]} · opened ${formatAge(incident.createdAt, now)}`}</span>
                </span>
                <span className="mt-1 block font-medium">{incident.title}</span>
                <span className="block font-mono text-xs text-ink-muted">{`${incident.reference} · ${incident.category}`}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
