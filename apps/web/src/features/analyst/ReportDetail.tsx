import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Lock, X } from 'lucide-react';
import type { Report } from '@argus/contracts/http/reports';
import { isCommandRole } from '@argus/contracts/roles';
import type { User } from '@argus/contracts/http/auth';
import { describeError } from '../../lib/api-error';
import { formatDistance } from '../../lib/geo/distance';
import { formatDateTime } from '../../lib/time-format';
import { useNow } from '../../lib/useNow';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { Spinner } from '../../components/ui/Spinner';
import { incidentQueries } from '../incidents/incidents.queries';
import { useBreakLockMutation } from '../reports/reports.mutations';
import { reportQueries } from '../reports/reports.queries';
import { sentenceCase } from './format';
import { NearbyLists, NearbyMap } from './Nearby';
import { ReportFacts } from './ReportFacts';
import { otherLockHolder, reviewingText } from './triage-lock';
import { useTriageLock, type TriageLockState } from './useTriageLock';
import { useVerdicts } from './useVerdicts';
import { VerdictPanel, type IncidentChoice } from './VerdictPanel';

/** The report as the queue already has it, so the detail shows at once while it is fetched fresh. */
function useQueuedReport(reportId: string): { report: Report } | undefined {
  const queryClient = useQueryClient();
  for (const [, data] of queryClient.getQueriesData<{ reports: Report[] }>({ queryKey: reportQueries.triageQueues() })) {
    const report = data?.reports.find((item) => item.id === reportId);
    if (report) return { report };
  }
  return undefined;
}

export interface ReportDetailProps {
  reportId: string;
  viewer: User;
  onClose: () => void;
  onOpenReport: (reportId: string) => void;
}

/**
 * One report under triage: what it says, where (lat/lon, MGRS, map), what is near it, and the
 * verdicts. Opening it takes the triage lock; closing it (unmounting) lets the lock go.
 * Mount with `key={reportId}` so each report gets its own lock.
 */
export function ReportDetail({ reportId, viewer, onClose, onOpenReport }: ReportDetailProps) {
  const queued = useQueuedReport(reportId);
  const query = useQuery({ ...reportQueries.detail(reportId), placeholderData: queued });
  const report = query.data;
  const lock = useTriageLock(report, viewer.id);
  const now = useNow();
  const nearby = useQuery({ ...reportQueries.nearby(reportId), enabled: report !== undefined });
  const openIncidents = useQuery(incidentQueries.open());
  const verdicts = useVerdicts(reportId);
  const breakLock = useBreakLockMutation();

  const incidentList = openIncidents.data?.incidents ?? [];
  const incidentReference = (id: string) =>
    incidentList.find((incident) => incident.id === id)?.reference ??
    nearby.data?.incidents.find((entry) => entry.incident.id === id)?.incident.reference;
  const choices: IncidentChoice[] = [];
  for (const { incident, distanceM } of nearby.data?.incidents ?? []) {
    choices.push({ id: incident.id, label: `${incident.reference} · ${incident.title} (${formatDistance(distanceM)} away)` });
  }
  for (const incident of incidentList) {
    if (!choices.some((choice) => choice.id === incident.id))
      choices.push({ id: incident.id, label: `${incident.reference} · ${incident.title}` });
  }

  // Opening a report moves focus to it, so keyboard and screen-reader users land on what they chose.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const holder = report ? otherLockHolder(report, viewer.id, now) : null;
  const canAct = lock.status === 'held';

  return (
    <section aria-labelledby="report-detail-heading" className="min-w-0 space-y-5">
      <div className="flex items-start justify-between gap-3">
        <h2 id="report-detail-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold break-words outline-none">
          {report ? `${sentenceCase(report.category)} report ` : 'Report '}
          {report ? <span className="font-mono text-base">{report.trackingCode}</span> : null}
        </h2>
        <Button variant="secondary" onClick={onClose} className="shrink-0">
          <X aria-hidden="true" className="size-4" />
          Close
        </Button>
      </div>
      {query.isPending ? (
        <p className="flex items-center gap-2">
          <Spinner className="size-4" /> Loading the report...
        </p>
      ) : null}
      {query.isError && !report ? (
        <FormMessage tone="error">{`Could not load the report: ${describeError(query.error)}`}</FormMessage>
      ) : null}
      {report ? (
        <>
          <LockNotice
            lock={lock}
            holder={holder}
            canBreak={isCommandRole(viewer.role)}
            isBreaking={breakLock.isPending}
            breakError={breakLock.isError ? describeError(breakLock.error) : null}
            onBreak={() => breakLock.mutate(report.id)}
          />
          <div className="grid gap-4 xl:grid-cols-2">
            <ReportFacts report={report} now={now} />
            <NearbyMap report={report} nearby={nearby.data} openIncidents={incidentList} />
          </div>
          {lock.status === 'none' ? (
            <Outcome report={report} incidentReference={incidentReference} />
          ) : (
            <VerdictPanel
              verdicts={verdicts}
              canAct={canAct}
              incidents={choices}
              defaultTitle={`${report.category}: ${report.description.slice(0, 80)}`}
            />
          )}
          <NearbyLists
            nearby={nearby}
            incidentReference={incidentReference}
            verdicts={verdicts}
            canAct={canAct}
            onOpenReport={onOpenReport}
          />
        </>
      ) : null}
    </section>
  );
}

interface LockNoticeProps {
  lock: TriageLockState;
  holder: string | null;
  canBreak: boolean;
  isBreaking: boolean;
  breakError: string | null;
  onBreak: () => void;
}

/** Who holds the triage lock, in plain words; command may break someone else's. */
function LockNotice({ lock, holder, canBreak, isBreaking, breakError, onBreak }: LockNoticeProps) {
  if (lock.status === 'none') return null;
  if (lock.status === 'held') {
    return (
      <p role="status" className="flex items-center gap-2 rounded-md border border-gold/60 p-2 text-sm text-gold">
        <Lock aria-hidden="true" className="size-4 shrink-0" />
        You are reviewing this report; other analysts see it as taken.
      </p>
    );
  }
  if (lock.status === 'taking') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
        <Spinner className="size-4" /> Taking the report for review...
      </p>
    );
  }
  if (lock.status === 'failed') return <FormMessage tone="error">{`Could not take the report for review: ${lock.message}`}</FormMessage>;
  return (
    <div role="alert" className="space-y-2 rounded-md border border-warning p-3">
      <p className="flex items-center gap-2 font-semibold text-warning">
        <Lock aria-hidden="true" className="size-4 shrink-0" />
        {holder ? reviewingText(holder) : 'Someone else is reviewing this'}
      </p>
      <p className="text-sm">
        {holder ? '' : `${lock.message} `}
        The verdict actions stay disabled until they close the report or their lock runs out (two minutes without renewal); this page tries
        again every minute.
      </p>
      {canBreak && holder ? (
        <Button variant="danger" disabled={isBreaking} onClick={onBreak}>
          {isBreaking ? 'Breaking the lock...' : 'Break lock'}
        </Button>
      ) : null}
      {breakError ? <p className="text-sm text-danger">{breakError}</p> : null}
    </div>
  );
}

/** A judged report: what was decided, and where it went. */
function Outcome({ report, incidentReference }: { report: Report; incidentReference: (id: string) => string | undefined }) {
  const reference = report.incidentId ? (incidentReference(report.incidentId) ?? 'an incident') : null;
  const text =
    report.status === 'verified'
      ? `Verified into ${reference}.`
      : report.status === 'merged'
        ? `Merged as a duplicate into ${reference}.`
        : `Rejected. Reason: ${report.rejectReason ?? 'none recorded'}`;
  return (
    <p role="status" className="rounded-md border border-success p-3 text-success">
      {`${text} (${formatDateTime(report.updatedAt)})`}
    </p>
  );
}
