import type { Kysely, Selectable } from 'kysely';
import type { Database, SigningKeysTable } from '../../db/schema';

export type SigningKeyRow = Selectable<SigningKeysTable>;

export class SigningKeysRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(): Promise<SigningKeyRow[]> {
    return this.db.selectFrom('signing_keys').selectAll().orderBy('created_at').execute();
  }

  async insert(row: SigningKeyRow): Promise<void> {
    await this.db.insertInto('signing_keys').values(row).execute();
  }

  /** next becomes current, current retires, and a fresh next is added, all or nothing. */
  async rotate(now: number, fresh: SigningKeyRow): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('signing_keys').set({ state: 'retired', retired_at: now }).where('state', '=', 'current').execute();
      await trx.updateTable('signing_keys').set({ state: 'current', activated_at: now }).where('state', '=', 'next').execute();
      await trx.insertInto('signing_keys').values(fresh).execute();
    });
  }
}
