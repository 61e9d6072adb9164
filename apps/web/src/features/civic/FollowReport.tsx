import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { describeError, isApiError } from '../../lib/api-error';
import { CATEGORY_LABELS, type ReportCategory } from '../reports/report-location';
import { civicQueries, FOLLOW_POLL_MS } from './civic.queries';
import { OutcomeNote, StageSteps, StatusPill } from './PublicStatus';

const when = (at: number) => new Date(at).toLocaleString([], { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/**
 * What a private follow link shows: that one report's public status and outcome, nothing else
 * (docs/decisions/0044-civic-lifecycle-and-anonymous-reports.md). Asked again every few seconds
 * while open, and on every return.
 */
export function FollowReport({ token }: { token: string | null }) {
  const headingId = useId();
  const report = useQuery({ ...civicQueries.followed(token ?? ''), enabled: token !== null });
  const missing = token === null || (report.isError && isApiError(report.error) && report.error.status === 404);

  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-lg space-y-3 rounded-xl border border-line bg-surface-raised p-4">
      <h2 id={headingId} className="text-lg font-semibold">
        Your report
      </h2>
      {missing ? <p className="text-danger">No report follows this link. Check that you opened the whole link you were given.</p> : null}
      {report.isError && !missing && !report.data ? (
        <p className="text-danger">{`Your report could not be loaded: ${describeError(report.error)}`}</p>
      ) : null}
      {token !== null && report.isPending ? <p className="text-ink-muted">Loading...</p> : null}
      {report.data ? (
        <div className="space-y-3" data-tracking-code={report.data.trackingCode}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-mono text-lg font-semibold text-gold">{report.data.trackingCode}</p>
            <StatusPill stage={report.data.publicStage} text={report.data.statusText} />
          </div>
          <p>
            <span className="font-medium">{CATEGORY_LABELS[report.data.category as ReportCategory] ?? report.data.category}</span>
            <span className="text-ink-muted">{` · sent ${when(report.data.createdAt)}`}</span>
          </p>
          {/* A closed report may never have passed the stages before (a rejected one): only the outcome says how it ended. */}
          {report.data.publicStage === 'closed' ? null : <StageSteps stage={report.data.publicStage} />}
          <OutcomeNote outcome={report.data.outcome} />
          {/* Under a closed report's outcome, "checks for news" read as if more were still to come. */}
          {report.data.publicStage === 'closed' ? null : (
            <p className="text-sm text-ink-muted">{`This page checks for news every ${FOLLOW_POLL_MS / 1000} seconds while it is open.`}</p>
          )}
        </div>
      ) : null}
    </section>
  );
}
