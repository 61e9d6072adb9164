import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ReportResponse, type Report } from '@argus/contracts/http/reports';
import { isJudged } from '@argus/contracts/reports';
import { api } from '../../lib/api';
import { describeError, isApiError } from '../../lib/api-error';
import { patchTriageReport } from '../reports/reports.live';
import { reportQueries } from '../reports/reports.queries';
import { LOCK_RENEW_MS, otherLockHolder } from './triage-lock';

/**
 * - taking: asked for the lock, no answer yet;
 * - held: the viewer holds it (renewed every minute);
 * - blocked: someone else holds it (409), so the verdict actions stay disabled;
 * - failed: the lock could not be taken for another reason (network, server).
 * A judged report needs no lock: `none`.
 */
export type TriageLockState =
  | { status: 'none' }
  | { status: 'taking' }
  | { status: 'held' }
  | { status: 'blocked'; message: string }
  | { status: 'failed'; message: string };

const lockPath = (id: string) => `/reports/${encodeURIComponent(id)}/lock`;

/**
 * Holds the triage lock while a report is open (docs/decisions/0017-triage-lock.md): takes it on open, renews it every
 * minute, lets it go on close. When someone else holds it, it tries again each minute and at once
 * when the report shows the other lock gone (a realtime update, or command breaking it).
 * Mount once per report (key the component by report id).
 */
export function useTriageLock(report: Report | undefined, viewerId: string): TriageLockState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<TriageLockState>({ status: 'taking' });
  const reportId = report?.id;
  const judged = report ? isJudged(report.status) : false;
  const lockedElsewhere = report ? otherLockHolder(report, viewerId, Date.now()) !== null : false;

  useEffect(() => {
    if (!reportId || judged) return;
    let closed = false;
    let held = false;
    const release = () => {
      held = false;
      api.delete(lockPath(reportId), ReportResponse).then(
        ({ report: released }) => patchTriageReport(queryClient, released),
        // Gone already, or taken over: either way the lock expires on its own within two minutes.
        () => undefined,
      );
    };
    const take = async () => {
      try {
        const { report: locked } = await api.post(lockPath(reportId), {}, ReportResponse);
        if (closed) {
          release();
          return;
        }
        held = true;
        patchTriageReport(queryClient, locked);
        setState({ status: 'held' });
      } catch (error) {
        if (closed) return;
        held = false;
        if (isApiError(error) && error.status === 409) {
          setState({ status: 'blocked', message: describeError(error) });
          // Learn who holds it (or that the report was judged meanwhile).
          void queryClient.invalidateQueries({ queryKey: reportQueries.detail(reportId).queryKey });
        } else {
          setState({ status: 'failed', message: describeError(error) });
        }
      }
    };
    void take();
    const renew = setInterval(() => void take(), LOCK_RENEW_MS);
    return () => {
      closed = true;
      clearInterval(renew);
      if (held) release();
    };
  }, [queryClient, reportId, judged, lockedElsewhere]);

  return judged ? { status: 'none' } : state;
}
