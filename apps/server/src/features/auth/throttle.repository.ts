import type { Kysely, Selectable } from 'kysely';
import type { Database, LoginThrottleTable } from '../../db/schema';

export type ThrottleRow = Selectable<LoginThrottleTable>;

/** Failed sign-in counters keyed by "email:…" or "ip:…". */
export class ThrottleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(key: string): Promise<ThrottleRow | undefined> {
    return this.db.selectFrom('login_throttle').selectAll().where('key', '=', key).executeTakeFirst();
  }

  async save(row: ThrottleRow): Promise<void> {
    await this.db
      .insertInto('login_throttle')
      .values(row)
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures: row.failures,
          window_started_at: row.window_started_at,
          locked_until: row.locked_until,
        }),
      )
      .execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('login_throttle').where('key', '=', key).execute();
  }
}
