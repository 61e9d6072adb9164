import type { Selectable } from 'kysely';
import { TransactionalRepository, type Executor } from '../../db/repository';
import type { CallerLinksTable } from '../../db/schema';
import { isPostgres } from '../../db/dialect';
import type { IncidentStatus } from '@argus/contracts/incidents';

export type CallerLinkRow = Selectable<CallerLinksTable>;

/** What a shared position changes on its link. */
export type CallerLinkPositionChange = Pick<
  CallerLinkRow,
  'caller_key_hash' | 'live_until' | 'lat' | 'lon' | 'accuracy' | 'located_at' | 'position_count'
>;

/** Caller location links, found by id for command and by the hash of their token for the caller. */
export class CallerLinksRepository extends TransactionalRepository {
  async insert(trx: Executor, row: CallerLinkRow): Promise<void> {
    await trx.insertInto('caller_links').values(row).execute();
  }

  listForIncident(incidentId: string): Promise<CallerLinkRow[]> {
    return this.db
      .selectFrom('caller_links')
      .selectAll()
      .where('incident_id', '=', incidentId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** Links that have shared a position, of incidents still open, newest fix first: what the command map draws. */
  listLocatedForOpenIncidents(openStatuses: readonly IncidentStatus[], limit: number): Promise<CallerLinkRow[]> {
    return this.db
      .selectFrom('caller_links')
      .innerJoin('incidents', 'incidents.id', 'caller_links.incident_id')
      .selectAll('caller_links')
      .where('caller_links.located_at', 'is not', null)
      .where('incidents.status', 'in', openStatuses)
      .orderBy('caller_links.located_at', 'desc')
      .limit(limit)
      .execute();
  }

  findForUpdate(trx: Executor, id: string): Promise<CallerLinkRow | undefined> {
    return trx
      .selectFrom('caller_links')
      .selectAll()
      .where('id', '=', id)
      .$if(isPostgres(trx), (query) => query.forUpdate())
      .executeTakeFirst();
  }

  findByTokenHash(tokenHash: string, trx: Executor = this.db): Promise<CallerLinkRow | undefined> {
    return trx.selectFrom('caller_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  /** The link behind a token, locked for the rest of the transaction on PostgreSQL so two positions apply in turn. */
  findByTokenHashForUpdate(trx: Executor, tokenHash: string): Promise<CallerLinkRow | undefined> {
    return trx
      .selectFrom('caller_links')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .$if(isPostgres(trx), (query) => query.forUpdate())
      .executeTakeFirst();
  }

  async revoke(trx: Executor, id: string, at: number, by: string): Promise<void> {
    await trx.updateTable('caller_links').set({ revoked_at: at, revoked_by: by }).where('id', '=', id).execute();
  }

  async recordPosition(trx: Executor, id: string, change: CallerLinkPositionChange): Promise<void> {
    await trx.updateTable('caller_links').set(change).where('id', '=', id).execute();
  }
}
