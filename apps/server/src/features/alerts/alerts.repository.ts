import type { Selectable } from 'kysely';
import { TransactionalRepository, type Executor } from '../../db/repository';
import type { AlertsTable } from '../../db/schema';
import { olderThan } from '../../db/filters';
import type { Keyset } from '../../lib/cursor';
import type { AlertSeverity, AlertStatus, AlertTier } from '@argus/contracts/alerts';

export type AlertRow = Selectable<AlertsTable>;
export interface AlertFilters {
  statuses?: AlertStatus[] | undefined;
  severities?: AlertSeverity[] | undefined;
  rule?: string | undefined;
  tiers?: AlertTier[] | undefined;
  from?: number | undefined;
  to?: number | undefined;
  before?: Keyset | undefined;
  limit: number;
}

/** Alerts still wanting attention; resolved and dismissed ones are history. */
export const OPEN_ALERT_STATUSES: readonly AlertStatus[] = ['new', 'acknowledged'];

/** Only this file reads and writes alerts. */
export class AlertsRepository extends TransactionalRepository {
  async insert(trx: Executor, row: AlertRow): Promise<void> {
    await trx.insertInto('alerts').values(row).execute();
  }

  async update(trx: Executor, id: string, changes: Partial<AlertRow>): Promise<void> {
    await trx.updateTable('alerts').set(changes).where('id', '=', id).execute();
  }

  /** Only the first delivery counts; later ones change nothing. */
  async markFirstDelivered(id: string, at: number): Promise<void> {
    await this.db
      .updateTable('alerts')
      .set({ first_delivered_at: at })
      .where('id', '=', id)
      .where('first_delivered_at', 'is', null)
      .execute();
  }

  find(id: string, trx: Executor = this.db): Promise<AlertRow | undefined> {
    return trx.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The open alert a rule already raised about a subject, so activity on it merges into one item. */
  findOpen(trx: Executor, rule: string, subject: string): Promise<AlertRow | undefined> {
    return trx
      .selectFrom('alerts')
      .selectAll()
      .where('rule', '=', rule)
      .where('subject', '=', subject)
      .where('status', 'in', OPEN_ALERT_STATUSES)
      .executeTakeFirst();
  }

  list(query: AlertFilters): Promise<AlertRow[]> {
    let select = this.db.selectFrom('alerts').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit);
    if (query.statuses?.length) select = select.where('status', 'in', query.statuses);
    if (query.severities?.length) select = select.where('severity', 'in', query.severities);
    if (query.rule) select = select.where('rule', '=', query.rule);
    if (query.tiers?.length) select = select.where('tier', 'in', query.tiers);
    if (query.from !== undefined) select = select.where('created_at', '>=', query.from);
    if (query.to !== undefined) select = select.where('created_at', '<=', query.to);
    if (query.before) select = select.where((eb) => olderThan(eb, query.before!));
    return select.execute();
  }

  listOpenPublic(): Promise<AlertRow[]> {
    return this.db
      .selectFrom('alerts')
      .selectAll()
      .where('public', '=', 1)
      .where('status', 'in', OPEN_ALERT_STATUSES)
      .orderBy('created_at', 'desc')
      .limit(200)
      .execute();
  }
}
