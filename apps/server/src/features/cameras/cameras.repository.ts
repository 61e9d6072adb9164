import type { Selectable } from 'kysely';
import { TransactionalRepository, type Executor } from '../../db/repository';
import type { CamerasTable } from '../../db/schema';
import type { CameraKind, CameraStatus } from '@argus/contracts/http/cameras';

export type CameraRow = Selectable<CamerasTable>;

export interface CameraFilters {
  status?: CameraStatus | undefined;
  kind?: CameraKind | undefined;
  includeInactive?: boolean | undefined;
}

/**
 * The cameras table; the only place that speaks SQL about cameras. An administrator's change runs in
 * a transaction of its service's (`db`), so its event is stored with it; the health check writes alone.
 */
export class CamerasRepository extends TransactionalRepository {
  async insert(row: CameraRow, db: Executor = this.db): Promise<void> {
    await db.insertInto('cameras').values(row).execute();
  }

  find(id: string, db: Executor = this.db): Promise<CameraRow | undefined> {
    return db.selectFrom('cameras').selectAll().where('id', '=', id).executeTakeFirst();
  }

  list(filters: CameraFilters = {}): Promise<CameraRow[]> {
    let query = this.db.selectFrom('cameras').selectAll().orderBy('name').orderBy('id');
    if (!filters.includeInactive) query = query.where('active', '=', 1);
    if (filters.status) query = query.where('status', '=', filters.status);
    if (filters.kind) query = query.where('kind', '=', filters.kind);
    return query.execute();
  }

  async update(id: string, changes: Partial<CameraRow>, db: Executor = this.db): Promise<void> {
    await db.updateTable('cameras').set(changes).where('id', '=', id).execute();
  }

  async nameTaken(name: string, exceptId: string | null, db: Executor = this.db): Promise<boolean> {
    let query = db.selectFrom('cameras').select('id').where('name', '=', name).where('active', '=', 1);
    if (exceptId) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }
}
