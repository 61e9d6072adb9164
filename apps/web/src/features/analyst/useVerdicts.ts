import { useState } from 'react';
import type { IncidentSeverity } from '@argus/contracts/incidents';
import { useMergeReportMutation, useRejectReportMutation, useVerifyReportMutation } from '../reports/reports.mutations';

type Verdict = 'verify' | 'reject' | 'merge';

/** The three verdicts on one report, sharing one pending flag and the last one's error. */
export function useVerdicts(reportId: string) {
  const verify = useVerifyReportMutation();
  const reject = useRejectReportMutation();
  const merge = useMergeReportMutation();
  const [last, setLast] = useState<Verdict | null>(null);
  const latest = last === 'verify' ? verify : last === 'reject' ? reject : last === 'merge' ? merge : null;
  return {
    isPending: verify.isPending || reject.isPending || merge.isPending,
    error: latest?.error ?? null,
    verifyNew: (title: string, severity: IncidentSeverity) => {
      setLast('verify');
      verify.mutate({ reportId, severity, ...(title.trim() ? { title: title.trim() } : {}) });
    },
    attach: (incidentId: string) => {
      setLast('verify');
      verify.mutate({ reportId, incidentId });
    },
    merge: (incidentId: string) => {
      setLast('merge');
      merge.mutate({ reportId, incidentId });
    },
    reject: (reason: string) => {
      setLast('reject');
      reject.mutate({ reportId, reason });
    },
  };
}

export type Verdicts = ReturnType<typeof useVerdicts>;
