import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Clock, Image } from 'lucide-react';
import { describeError } from '../../lib/api-error';
import { isPending } from '../../lib/outbox/schedule';
import type { OutboxView } from '../../lib/outbox/useOutbox';
import { CIVIC_POLL_MS, pollInterval } from '../../lib/poll-interval';
import { reportQueries } from '../reports/reports.queries';
import { OutcomeNote, StatusPill } from '../civic/PublicStatus';
import { CATEGORY_LABELS, type ReportCategory } from '../reports/report-location';

const when = (at: number) => new Date(at).toLocaleString([], { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
const categoryLabel = (category: string) => CATEGORY_LABELS[category as ReportCategory] ?? category;

/** My reports with their tracking code and plain status; reports still on this device are listed first. */
export function MyReports({ outbox, live }: { outbox: OutboxView; live: boolean }) {
  const headingId = useId();
  const reports = useQuery({ ...reportQueries.mine(), refetchInterval: pollInterval(live, CIVIC_POLL_MS) });
  const filed = new Set(reports.data?.map((report) => report.trackingCode));
  const unsent = outbox.items.filter(
    (item) =>
      item.action.kind === 'report' && (isPending(item) || item.state === 'failed') && !(item.trackingCode && filed.has(item.trackingCode)),
  );

  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-line bg-surface-raised p-4">
      <h2 id={headingId} className="text-lg font-semibold">
        My reports
      </h2>
      {reports.isError && !reports.data ? (
        <p className="text-danger">{`Your reports could not be loaded: ${describeError(reports.error)}`}</p>
      ) : null}
      {reports.isPending ? <p className="text-ink-muted">Loading...</p> : null}
      {reports.data && reports.data.length === 0 && unsent.length === 0 ? (
        <p className="text-ink-muted">You have not sent a report yet.</p>
      ) : null}
      <ol className="space-y-2">
        {unsent.map((item) =>
          item.action.kind === 'report' ? (
            <li key={item.seq} className="rounded-lg border border-dashed border-warning bg-surface p-3">
              <p className="flex items-center gap-2 text-sm text-warning">
                <Clock aria-hidden="true" className="size-4" />
                {item.state === 'failed' ? 'Not sent: see the outbox' : 'On this device, waiting to send'}
              </p>
              <p className="font-medium">{categoryLabel(item.action.body.category)}</p>
              <p className="line-clamp-2 text-ink-muted">{item.action.body.description}</p>
            </li>
          ) : null,
        )}
        {reports.data?.map((report) => (
          <li key={report.id} className="rounded-lg border border-line bg-surface p-3" data-tracking-code={report.trackingCode}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-mono text-lg font-semibold text-gold">{report.trackingCode}</p>
              <StatusPill stage={report.publicStage} text={report.statusText} />
            </div>
            <p className="font-medium">{categoryLabel(report.category)}</p>
            <p className="line-clamp-2 text-ink-muted">{report.description}</p>
            <p className="mt-1 flex items-center gap-3 text-sm text-ink-muted">
              <span>{when(report.createdAt)}</span>
              {report.photos.length ? (
                <span className="flex items-center gap-1">
                  <Image aria-hidden="true" className="size-4" />
                  {`${report.photos.length} photo${report.photos.length === 1 ? '' : 's'}`}
                </span>
              ) : null}
            </p>
            <OutcomeNote outcome={report.outcome} />
          </li>
        ))}
      </ol>
    </section>
  );
}
