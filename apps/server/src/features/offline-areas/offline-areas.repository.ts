import type { Selectable } from 'kysely';
import { TransactionalRepository, type Executor } from '../../db/repository';
import type { SentOfflineAreasTable } from '../../db/schema';
import { isPostgres } from '../../db/dialect';

export type SentOfflineAreaRow = Selectable<SentOfflineAreasTable> & { sent_by_name: string | null };

/** Map areas sent to units' phones, with the sender's name. */
export class OfflineAreasRepository extends TransactionalRepository {
  async insert(trx: Executor, row: Selectable<SentOfflineAreasTable>): Promise<void> {
    await trx.insertInto('sent_offline_areas').values(row).execute();
  }

  /** Holds the unit's row until the transaction ends (PostgreSQL; SQLite runs one write transaction at a time). */
  async lockUnit(trx: Executor, unitId: string): Promise<void> {
    await trx
      .selectFrom('units')
      .select('id')
      .where('id', '=', unitId)
      .$if(isPostgres(trx), (query) => query.forUpdate())
      .executeTakeFirst();
  }

  listForUnit(unitId: string, db: Executor = this.db): Promise<SentOfflineAreaRow[]> {
    return db
      .selectFrom('sent_offline_areas')
      .leftJoin('users', 'users.id', 'sent_offline_areas.sent_by')
      .selectAll('sent_offline_areas')
      .select('users.full_name as sent_by_name')
      .where('sent_offline_areas.unit_id', '=', unitId)
      .orderBy('sent_offline_areas.sent_at', 'asc')
      .orderBy('sent_offline_areas.id', 'asc')
      .execute();
  }

  /** Deletes one of a unit's areas; whether there was one. */
  async delete(trx: Executor, unitId: string, id: string): Promise<SentOfflineAreaRow | undefined> {
    const [row] = (await this.listForUnit(unitId, trx)).filter((area) => area.id === id);
    if (!row) return undefined;
    await trx.deleteFrom('sent_offline_areas').where('id', '=', id).execute();
    return row;
  }
}
