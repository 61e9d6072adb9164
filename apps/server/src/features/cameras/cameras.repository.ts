import type { Kysely, Selectable } from 'kysely';
import type { CamerasTable, Database } from '../../db/schema';
import type { CameraKind, CameraStatus } from '@argus/contracts/http/cameras';

export type CameraRow = Selectable<CamerasTable>;

export interface CameraFilters {
  status?: CameraStatus | undefined;
  kind?: CameraKind | undefined;
  includeInactive?: boolean | undefined;
}

/** The cameras table; the only place that speaks SQL about cameras. */
export class CamerasRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: CameraRow): Promise<void> {
    await this.db.insertInto('cameras').values(row).execute();
  }

  find(id: string): Promise<CameraRow | undefined> {
    return this.db.selectFrom('cameras').selectAll().where('id', '=', id).executeTakeFirst();
  }

  list(filters: CameraFilters = {}): Promise<CameraRow[]> {
    let query = this.db.selectFrom('cameras').selectAll().orderBy('name').orderBy('id');
    if (!filters.includeInactive) query = query.where('active', '=', 1);
    if (filters.status) query = query.where('status', '=', filters.status);
    if (filters.kind) query = query.where('kind', '=', filters.kind);
    return query.execute();
  }

  async update(id: string, changes: Partial<CameraRow>): Promise<void> {
    await this.db.updateTable('cameras').set(changes).where('id', '=', id).execute();
  }

  async nameTaken(name: string, exceptId?: string): Promise<boolean> {
    let query = this.db.selectFrom('cameras').select('id').where('name', '=', name).where('active', '=', 1);
    if (exceptId) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }
}
