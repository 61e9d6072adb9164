import type { Selectable } from 'kysely';
import type { BasemapsTable } from '../../db/schema';
import { isPostgres } from '../../db/dialect';
import { TransactionalRepository, type Executor } from '../../db/repository';

export type BasemapRow = Selectable<BasemapsTable>;

/** The basemaps table; the only place that speaks SQL about basemaps. */
export class BasemapsRepository extends TransactionalRepository {
  /** Inserts a basemap at the end of the list. */
  async insertLast(row: Omit<BasemapRow, 'position'>, db: Executor = this.db): Promise<BasemapRow> {
    const last = await db
      .selectFrom('basemaps')
      .select((eb) => eb.fn.max('position').as('position'))
      .executeTakeFirst();
    const inserted = { ...row, position: last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1 };
    await db.insertInto('basemaps').values(inserted).execute();
    return inserted;
  }

  find(id: string, db: Executor = this.db): Promise<BasemapRow | undefined> {
    return db.selectFrom('basemaps').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Every basemap in the administrators' order. */
  list(db: Executor = this.db): Promise<BasemapRow[]> {
    return db.selectFrom('basemaps').selectAll().orderBy('position').orderBy('created_at').orderBy('id').execute();
  }

  /**
   * Locks every row, in id order so two transactions never wait on each other crosswise: on
   * PostgreSQL a concurrent reorder or change of default waits, then sees this one's result.
   * SQLite runs one write transaction at a time anyway.
   */
  async lockAll(db: Executor): Promise<void> {
    if (!isPostgres(db)) return;
    await db.selectFrom('basemaps').select('id').orderBy('id').forUpdate().execute();
  }

  async update(
    id: string,
    changes: Partial<Pick<BasemapRow, 'name' | 'attribution' | 'position' | 'updated_at'>>,
    db: Executor = this.db,
  ): Promise<void> {
    await db.updateTable('basemaps').set(changes).where('id', '=', id).execute();
  }

  /** Makes this basemap the only default (or, with null, leaves none). */
  async setDefault(id: string | null, db: Executor): Promise<void> {
    await db.updateTable('basemaps').set({ is_default: 0 }).where('is_default', '=', 1).execute();
    if (id !== null) await db.updateTable('basemaps').set({ is_default: 1 }).where('id', '=', id).execute();
  }

  async remove(id: string, db: Executor = this.db): Promise<void> {
    await db.deleteFrom('basemaps').where('id', '=', id).execute();
  }

  /** The addresses of the online sources. */
  async onlineSourceUrls(): Promise<string[]> {
    const rows = await this.db.selectFrom('basemaps').select('source_url').where('kind', '=', 'online').orderBy('id').execute();
    return rows.flatMap((row) => (row.source_url ? [row.source_url] : []));
  }

  /** Whether any basemap still uses this stored file (the same archive may be uploaded twice). */
  async storageKeyInUse(key: string, db: Executor = this.db): Promise<boolean> {
    return (await db.selectFrom('basemaps').select('id').where('storage_key', '=', key).executeTakeFirst()) !== undefined;
  }
}
