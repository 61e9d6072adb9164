import type { Report } from '@argus/contracts/http/reports';
import { REPORT_LOCK_MS } from '@argus/contracts/http/reports';

/** The lock lasts REPORT_LOCK_MS (two minutes); renewing every minute keeps it with a minute to spare. */
export const LOCK_RENEW_MS = Math.min(60_000, REPORT_LOCK_MS / 2);

/** Whoever else holds a live lock on the report, or null when it is free or the viewer's own. */
export function otherLockHolder(report: Pick<Report, 'lock'>, viewerId: string, now: number): string | null {
  const { lock } = report;
  if (!lock || lock.expiresAt <= now || lock.holderId === viewerId) return null;
  return lock.holderName || 'Another analyst';
}

/** True while the viewer holds a live lock on the report. */
export function holdsLock(report: Pick<Report, 'lock'>, viewerId: string, now: number): boolean {
  return report.lock !== null && report.lock.holderId === viewerId && report.lock.expiresAt > now;
}

/** "Avery Analyst is reviewing this": the words shown wherever a report is locked by someone else. */
export function reviewingText(holderName: string): string {
  return `${holderName} is reviewing this`;
}
