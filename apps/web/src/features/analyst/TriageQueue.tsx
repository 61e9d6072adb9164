import { useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import type { Report } from '@argus/contracts/http/reports';
import { REPORT_KINDS } from '@argus/contracts/reports';
import { describeError } from '../../lib/api-error';
import { cn } from '../../lib/class-names';
import { formatAge } from '../../lib/time-format';
import { Spinner } from '../../components/ui/Spinner';
import { reportQueries, TRIAGE_QUEUE_LIMIT, type QueueFilter } from '../reports/reports.queries';
import { reportStatusLabel, sentenceCase } from './format';
import { holdsLock, otherLockHolder, reviewingText } from './triage-lock';

const FILTERS: { value: QueueFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...REPORT_KINDS.map((kind) => ({ value: kind, label: sentenceCase(kind) })),
];

export interface TriageQueueProps {
  filter: QueueFilter;
  onFilterChange: (filter: QueueFilter) => void;
  selectedId: string | null;
  onSelect: (reportId: string) => void;
  viewerId: string;
  now: number;
}

/** New civic and field reports, newest first, with who is reviewing each one right now. */
export function TriageQueue({ filter, onFilterChange, selectedId, onSelect, viewerId, now }: TriageQueueProps) {
  const queue = useQuery(reportQueries.triageQueue(filter));
  const reports = queue.data?.reports;
  return (
    <section aria-labelledby="triage-queue-heading" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="triage-queue-heading" className="text-lg font-semibold">
          Triage queue
        </h2>
        {reports ? (
          <p className="text-sm text-ink-muted" aria-live="polite">
            {queue.data?.nextCursor ? `The newest ${TRIAGE_QUEUE_LIMIT} awaiting triage` : `${reports.length} awaiting triage`}
          </p>
        ) : null}
      </div>
      <div role="group" aria-label="Show reports of kind" className="flex gap-1 rounded-md border border-line bg-surface-sunken p-1">
        {FILTERS.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={filter === option.value}
            onClick={() => onFilterChange(option.value)}
            className={cn(
              'min-h-11 flex-1 rounded px-3 text-sm font-medium',
              filter === option.value ? 'bg-gold text-on-gold' : 'text-ink hover:bg-surface-raised',
            )}
          >
            {option.label}
          </button>
        ))}
      </div>
      {queue.isPending ? (
        <p className="flex items-center gap-2">
          <Spinner className="size-4" /> Loading the queue...
        </p>
      ) : null}
      {queue.isError ? <p className="text-danger">{`Could not load the queue: ${describeError(queue.error)}`}</p> : null}
      {reports && reports.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line p-4 text-ink-muted">No reports are waiting for triage.</p>
      ) : null}
      {reports && reports.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label="Reports awaiting triage">
          {reports.map((report) => (
            <li key={report.id}>
              <QueueItem report={report} isSelected={report.id === selectedId} onSelect={onSelect} viewerId={viewerId} now={now} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function QueueItem({
  report,
  isSelected,
  onSelect,
  viewerId,
  now,
}: {
  report: Report;
  isSelected: boolean;
  onSelect: (id: string) => void;
  viewerId: string;
  now: number;
}) {
  const holder = otherLockHolder(report, viewerId, now);
  const mine = holdsLock(report, viewerId, now);
  return (
    <button
      type="button"
      aria-current={isSelected ? 'true' : undefined}
      onClick={() => onSelect(report.id)}
      data-report-id={report.id}
      className={cn(
        'flex w-full flex-col gap-1 rounded-lg border bg-surface-raised p-3 text-left hover:border-gold',
        isSelected ? 'border-gold' : 'border-line',
        holder ? 'border-l-4 border-l-warning' : null,
      )}
    >
      <span className="flex w-full flex-wrap items-baseline gap-x-2">
        <span className="font-semibold">{sentenceCase(report.category)}</span>
        <span className="rounded border border-line px-1.5 text-xs text-ink-muted">{sentenceCase(report.kind)}</span>
        <span className="ml-auto text-xs text-ink-muted">{formatAge(report.createdAt, now)}</span>
      </span>
      <span className="line-clamp-2 text-sm break-words">{report.description}</span>
      <span className="flex flex-wrap gap-x-3 text-xs text-ink-muted">
        <span>{reportStatusLabel(report.status)}</span>
        <span className="font-mono">{report.trackingCode}</span>
        {report.photos.length > 0 ? <span>{report.photos.length === 1 ? '1 photo' : `${report.photos.length} photos`}</span> : null}
      </span>
      {holder ? (
        <span className="flex items-center gap-1.5 text-sm font-medium text-warning">
          <Lock aria-hidden="true" className="size-4 shrink-0" />
          {reviewingText(holder)}
        </span>
      ) : mine ? (
        <span className="flex items-center gap-1.5 text-sm text-gold">
          <Lock aria-hidden="true" className="size-4 shrink-0" />
          You are reviewing this
        </span>
      ) : null}
    </button>
  );
}
