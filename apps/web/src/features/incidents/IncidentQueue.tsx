import { useMemo, useRef, type KeyboardEvent } from 'react';
import { Plus } from 'lucide-react';
import type { Incident } from '@argus/contracts/http/incidents';
import { OPEN_INCIDENT_STATUSES } from '@argus/contracts/incidents';
import { Button } from '../../components/ui/Button';
import { SelectField } from '../../components/ui/SelectField';
import { cn } from '../../lib/class-names';
import { formatAge } from '../../lib/time-format';
import { INCIDENT_STATUS_LABELS } from './incident-labels';
import { filterQueue, queueCategories, queueKeyTarget, sortQueue, type OpenStatus, type QueueFilter } from './incident-queue';
import { SeverityBadge } from './SeverityBadge';

export interface IncidentQueueProps {
  incidents: readonly Incident[];
  /** More open incidents exist than the queue holds. */
  truncated: boolean;
  now: number;
  selectedId: string | null;
  onSelect: (incident: Incident) => void;
  onCreate: () => void;
  /** Kept by the page, so opening an incident and coming back keeps the dispatcher's filter. */
  filter: QueueFilter;
  onFilterChange: (filter: QueueFilter) => void;
}

const STATUS_OPTIONS = [
  { value: 'all' as const, label: 'All open' },
  ...OPEN_INCIDENT_STATUSES.map((status) => ({ value: status, label: INCIDENT_STATUS_LABELS[status] })),
];

/**
 * The open incidents, most severe and then longest waiting first; choosing one opens its detail and
 * dispatch. The list is one tab stop: the arrow keys, Home and End move between incidents.
 */
export function IncidentQueue({ incidents, truncated, now, selectedId, onSelect, onCreate, filter, onFilterChange }: IncidentQueueProps) {
  const queue = useMemo(() => sortQueue(filterQueue(incidents, filter)), [incidents, filter]);
  const categories = useMemo(() => queueCategories(incidents, filter.category), [incidents, filter.category]);
  const list = useRef<HTMLUListElement>(null);
  const selectedIndex = queue.findIndex((incident) => incident.id === selectedId);
  const tabStop = selectedIndex >= 0 ? selectedIndex : 0;
  const filtered = filter.status !== 'all' || filter.category !== 'all';

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const target = queueKeyTarget(event.key, index, queue.length);
    if (target === null) return;
    event.preventDefault();
    list.current?.querySelectorAll<HTMLButtonElement>('button[data-queue-item]')[target]?.focus();
  };

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
      <div className="grid grid-cols-2 gap-2">
        <SelectField<OpenStatus | 'all'>
          label="Status"
          value={filter.status}
          options={STATUS_OPTIONS}
          onChange={(status) => onFilterChange({ ...filter, status })}
        />
        <SelectField<string>
          label="Category"
          value={filter.category}
          options={[{ value: 'all', label: 'All categories' }, ...categories.map((category) => ({ value: category, label: category }))]}
          onChange={(category) => onFilterChange({ ...filter, category })}
        />
      </div>
      {truncated ? (
        <p className="text-sm text-ink-muted">Showing the newest open incidents the server returned; older ones are not listed.</p>
      ) : null}
      {filtered ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-ink-muted" aria-live="polite">
          {`Showing ${queue.length} of ${incidents.length}.`}
          <button type="button" className="underline hover:text-gold" onClick={() => onFilterChange({ status: 'all', category: 'all' })}>
            Show all
          </button>
        </p>
      ) : null}
      {queue.length === 0 ? (
        <p className="text-ink-muted">{filtered ? 'No open incidents match these filters.' : 'No open incidents.'}</p>
      ) : (
        <ul ref={list} aria-label="Incident queue" className="space-y-2">
          {queue.map((incident, index) => (
            <li key={incident.id}>
              <button
                type="button"
                data-queue-item=""
                tabIndex={index === tabStop ? 0 : -1}
                aria-current={incident.id === selectedId ? 'true' : undefined}
                onClick={() => onSelect(incident)}
                onKeyDown={(event) => onKeyDown(event, index)}
                className={cn(
                  'w-full rounded-md border bg-surface-raised p-3 text-left hover:border-gold focus-visible:border-gold',
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
