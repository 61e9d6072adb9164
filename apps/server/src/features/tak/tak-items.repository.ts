import type { Selectable } from 'kysely';
import type { TakItemsTable } from '../../db/schema';
import { TransactionalRepository } from '../../db/repository';

export type TakItemRow = Selectable<TakItemsTable>;

/** Items TAK devices drew (migration 0041); the only place that speaks SQL about them. */
export class TakItemsRepository extends TransactionalRepository {
  find(uid: string): Promise<TakItemRow | undefined> {
    return this.db.selectFrom('tak_items').selectAll().where('uid', '=', uid).executeTakeFirst();
  }

  findByCamera(cameraId: string): Promise<TakItemRow | undefined> {
    return this.db.selectFrom('tak_items').selectAll().where('camera_id', '=', cameraId).executeTakeFirst();
  }

  findByZone(zoneId: string): Promise<TakItemRow | undefined> {
    return this.db.selectFrom('tak_items').selectAll().where('zone_id', '=', zoneId).executeTakeFirst();
  }

  /** Every item's latest event, oldest first, for a device that connects. */
  async latestEvents(): Promise<string[]> {
    const rows = await this.db.selectFrom('tak_items').select('last_event').orderBy('updated_at').execute();
    return rows.map((row) => row.last_event);
  }

  async zoneIds(): Promise<string[]> {
    const rows = await this.db.selectFrom('tak_items').select('zone_id').where('zone_id', 'is not', null).execute();
    return rows.map((row) => row.zone_id!);
  }

  async save(row: TakItemRow): Promise<void> {
    const { uid: _uid, ...changes } = row;
    await this.db
      .insertInto('tak_items')
      .values(row)
      .onConflict((conflict) => conflict.column('uid').doUpdateSet(changes))
      .execute();
  }

  async remove(uid: string): Promise<void> {
    await this.db.deleteFrom('tak_items').where('uid', '=', uid).execute();
  }
}
