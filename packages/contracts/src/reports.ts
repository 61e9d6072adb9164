/** Civic and field reports (docs/decisions/0012-core-entities.md, docs/decisions/0016-verification-publication-outcome.md). */
export const REPORT_KINDS = ['civic', 'field'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_STATUSES = ['submitted', 'under_review', 'verified', 'rejected', 'merged'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What the reporter is told: plain words, not the triage vocabulary. */
export const REPORTER_STATUS: Record<ReportStatus, string> = {
  submitted: 'Received',
  under_review: 'Under review',
  verified: 'Responders notified',
  rejected: 'Closed',
  merged: 'Responders notified',
};

/** Verdicts are final: a verified, rejected or merged report is not judged again. */
export function isJudged(status: ReportStatus): boolean {
  return status === 'verified' || status === 'rejected' || status === 'merged';
}
