import type { Kysely, Selectable } from 'kysely';
import type { Database, RefreshTokensTable } from '../../db/schema';

export type RefreshTokenRow = Selectable<RefreshTokensTable>;

export class RefreshTokensRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(id: string): Promise<RefreshTokenRow | undefined> {
    return this.db.selectFrom('refresh_tokens').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(row: RefreshTokenRow): Promise<void> {
    await this.db.insertInto('refresh_tokens').values(row).execute();
  }

  /**
   * Marks a token used and stores its replacement in one commit; false when another request
   * used it first (then nothing is stored).
   */
  async rotate(id: string, child: RefreshTokenRow, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('refresh_tokens')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await trx.insertInto('refresh_tokens').values(child).execute();
      return true;
    });
  }
}
