/** Civic and field reports (docs/decisions/0012-core-entities.md, docs/decisions/0016-verification-publication-outcome.md). */
export const REPORT_KINDS = ['civic', 'field'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_STATUSES = ['submitted', 'under_review', 'verified', 'rejected', 'merged'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Verdicts are final: a verified, rejected or merged report is not judged again. */
export function isJudged(status: ReportStatus): boolean {
  return status === 'verified' || status === 'rejected' || status === 'merged';
}
