import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { DurableEvents } from '../../realtime/durable-events';
import type { PendingEvents } from '../../realtime/events';
import { reportEvents } from './reports.events';
import type { ReportRow, ReportView, ReportsRepository } from './reports.repository';

/** Decides what to change on a report, inside the transaction that writes it; `{}` changes nothing. */
export type ReportDecision = (
  current: ReportRow,
  now: number,
  trx: Transaction<Database>,
  pending: PendingEvents,
) => Promise<Partial<ReportRow>>;

/** Reads, changes and writes one report in a transaction, then announces it: the one way triage changes a report. */
export class ReportChange {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly clock: Clock,
    private readonly events: DurableEvents,
  ) {}

  async apply(id: string, decide: ReportDecision): Promise<ReportView> {
    const now = this.clock.now();
    const view = await this.events.transaction(this.reports, async (trx, pending) => {
      const current = await this.reports.find(id, trx);
      if (!current) throw new AppError('not_found', 'No such report.');
      const changes = await decide(current, now, trx, pending);
      if (Object.keys(changes).length === 0) return (await this.reports.withDetails([current], trx))[0]!;
      const next = { ...current, ...changes, updated_at: now };
      await this.reports.update(trx, id, next);
      const [view] = await this.reports.withDetails([next], trx);
      for (const event of reportEvents.updated(view!, now)) pending.add(event);
      return view!;
    });
    return view;
  }
}
