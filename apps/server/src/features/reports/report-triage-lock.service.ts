import { REPORT_LOCK_MS } from '@argus/contracts/http/reports';
import { isJudged } from '@argus/contracts/reports';
import { isCommandRole } from '@argus/contracts/roles';
import { AppError } from '../../lib/app-error';
import type { UserRow } from '../users/users.repository';
import type { ReportChange } from './report-change';
import type { ReportRow, ReportView } from './reports.repository';

/** Refuses while another analyst holds an unexpired lock on the report. */
export function assertNotLockedByOther(report: ReportRow, viewer: UserRow, now: number): void {
  if (report.lock_holder_id !== null && report.lock_holder_id !== viewer.id && (report.lock_expires_at ?? 0) > now) {
    throw new AppError('conflict', 'Another analyst is triaging this report right now.');
  }
}

/** One analyst at a time triages a report: a short, renewable lock that a command-level supervisor can break. */
export class TriageLock {
  constructor(private readonly change: ReportChange) {}

  /** Takes or renews the triage lock; the first analyst to open a report moves it to under review. */
  lock(viewer: UserRow, id: string): Promise<ReportView> {
    return this.change.apply(id, async (current, now) => {
      assertNotLockedByOther(current, viewer, now);
      if (isJudged(current.status))
        throw new AppError('conflict', `This report was already ${current.status}; there is nothing to triage.`);
      return {
        lock_holder_id: viewer.id,
        lock_expires_at: now + REPORT_LOCK_MS,
        status: current.status === 'submitted' ? 'under_review' : current.status,
      };
    });
  }

  /** Lets go of the lock; a command-level supervisor may break another analyst's lock. */
  unlock(viewer: UserRow, id: string, force: boolean): Promise<ReportView> {
    return this.change.apply(id, async (current, now) => {
      if (current.lock_holder_id === null || (current.lock_expires_at ?? 0) <= now) return {};
      if (current.lock_holder_id !== viewer.id) {
        if (!force) throw new AppError('conflict', 'Another analyst holds this report; only a supervisor can break the lock.');
        if (!isCommandRole(viewer.role)) throw new AppError('forbidden', 'Only command can break another analyst’s lock.');
      }
      return { lock_holder_id: null, lock_expires_at: null };
    });
  }
}
