import type { Selectable } from 'kysely';
import type { TakDataPackagesTable } from '../../db/schema';
import { TransactionalRepository } from '../../db/repository';

export type TakDataPackageRow = Selectable<TakDataPackagesTable>;

/** Data packages TAK devices shared through the Marti sync API (migration 0040); the only place that speaks SQL about them. */
export class TakDataPackagesRepository extends TransactionalRepository {
  find(hash: string): Promise<TakDataPackageRow | undefined> {
    return this.db.selectFrom('tak_data_packages').selectAll().where('hash', '=', hash).executeTakeFirst();
  }

  /**
   * The packages a device may see: a private one is its submitter's alone, the rest every device's.
   * The one place this rule is written; the service reads single packages through it too.
   */
  private visibleTo(submitter: string) {
    return this.db
      .selectFrom('tak_data_packages')
      .selectAll()
      .where((eb) => eb.or([eb('tool', '!=', 'private'), eb('submitter', '=', submitter)]));
  }

  findVisible(hash: string, submitter: string): Promise<TakDataPackageRow | undefined> {
    return this.visibleTo(submitter).where('hash', '=', hash).executeTakeFirst();
  }

  /** Newest first, of those `submitter` may see; `tool` narrows to `public` or `private` packages, as ATAK asks. */
  list(filter: { tool?: string; keywords?: string }, submitter: string, limit: number): Promise<TakDataPackageRow[]> {
    let query = this.visibleTo(submitter);
    if (filter.tool) query = query.where('tool', '=', filter.tool);
    if (filter.keywords) query = query.where('keywords', 'like', `%${filter.keywords.replace(/[%_\\]/g, '')}%`);
    return query.orderBy('submitted_at', 'desc').orderBy('hash').limit(limit).execute();
  }

  /** How many packages one submitter keeps, and their bytes: what the per-person quota counts. */
  async usage(submitter: string): Promise<{ count: number; bytes: number }> {
    const row = await this.db
      .selectFrom('tak_data_packages')
      .select((eb) => [eb.fn.countAll<string | number>().as('count'), eb.fn.sum<string | number | null>('size').as('bytes')])
      .where('submitter', '=', submitter)
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), bytes: Number(row.bytes ?? 0) };
  }

  /** The same bytes uploaded again keep one row: its name and who sent it are the latest upload's. */
  async save(row: TakDataPackageRow): Promise<void> {
    await this.db
      .insertInto('tak_data_packages')
      .values(row)
      .onConflict((conflict) =>
        conflict.column('hash').doUpdateSet({
          name: row.name,
          keywords: row.keywords,
          creator_uid: row.creator_uid,
          submitter: row.submitter,
          submitted_at: row.submitted_at,
        }),
      )
      .execute();
  }

  async setTool(hash: string, tool: string): Promise<boolean> {
    const result = await this.db.updateTable('tak_data_packages').set({ tool }).where('hash', '=', hash).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
