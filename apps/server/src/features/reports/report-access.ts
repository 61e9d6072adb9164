import { seesEveryRow } from '@argus/contracts/policies/visibility';
import type { Executor } from '../../db/repository';
import { AppError } from '../../lib/app-error';
import type { UserRow } from '../users/users.repository';
import type { ReportRow, ReportView, ReportsRepository } from './reports.repository';

/** Command and analysts triage every report; anyone else sees only the reports they filed. */
export const triages = (user: Pick<UserRow, 'role'>) => seesEveryRow(user.role);

/** The report, if the viewer may see it; otherwise the same "not found" as for one that does not exist, so ids are not probed. */
export async function findVisibleReport(reports: ReportsRepository, viewer: UserRow, id: string): Promise<ReportRow> {
  const row = await reports.find(id);
  if (!row || (!triages(viewer) && row.reporter_id !== viewer.id)) throw new AppError('not_found', 'No such report.');
  return row;
}

/** One report with its photos and lock holder's name. */
export async function viewOf(reports: ReportsRepository, row: ReportRow, trx?: Executor): Promise<ReportView> {
  return (await reports.withDetails([row], trx))[0]!;
}
