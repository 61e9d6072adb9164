import type { Kysely, Selectable } from 'kysely';
import type { CivicSettingsTable, Database } from '../../db/schema';

export type CivicSettingsRow = Selectable<CivicSettingsTable>;

/** The fixed id of the single civic settings row (migration 0024). */
const CIVIC_ID = 'civic';

/** The civic site's settings; the only place that speaks SQL about them. */
export class CivicSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(): Promise<CivicSettingsRow | undefined> {
    return this.db
      .selectFrom('civic_settings')
      .select(['id', 'anonymous_reports', 'updated_by', 'updated_at'])
      .where('id', '=', CIVIC_ID)
      .executeTakeFirst();
  }

  async save(row: Omit<CivicSettingsRow, 'id'>): Promise<void> {
    await this.db
      .insertInto('civic_settings')
      .values({ id: CIVIC_ID, ...row })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
      .execute();
  }
}
