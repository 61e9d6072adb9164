import type { Kysely, Selectable } from 'kysely';
import type { Database, StreamDefaultsTable, StreamPlatformSettingsTable } from '../../db/schema';

export type StreamDefaultsRow = Selectable<StreamDefaultsTable>;
export type StreamPlatformRow = Selectable<StreamPlatformSettingsTable>;

/** The fixed id of the single platform settings row. */
const PLATFORM_ID = 'platform';

/** Stream defaults and platform settings; the only place that speaks SQL about them. */
export class StreamSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findDefaults(userId: string): Promise<StreamDefaultsRow | undefined> {
    return this.db
      .selectFrom('stream_defaults')
      .select(['user_id', 'resolution', 'frame_rate', 'bitrate_kbps', 'codec', 'updated_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async saveDefaults(row: StreamDefaultsRow): Promise<void> {
    const { user_id: _userId, ...changes } = row;
    await this.db
      .insertInto('stream_defaults')
      .values(row)
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet(changes))
      .execute();
  }

  /** The platform row with the name of whoever changed it last. */
  findPlatform(): Promise<(StreamPlatformRow & { updated_by_name: string | null }) | undefined> {
    return this.db
      .selectFrom('stream_platform_settings as s')
      .leftJoin('users as u', 'u.id', 's.updated_by')
      .select(['s.id', 's.ice_servers', 's.recording_retention_days', 's.updated_at', 's.updated_by', 'u.full_name as updated_by_name'])
      .where('s.id', '=', PLATFORM_ID)
      .executeTakeFirst();
  }

  async savePlatform(row: Omit<StreamPlatformRow, 'id'>): Promise<void> {
    await this.db
      .insertInto('stream_platform_settings')
      .values({ id: PLATFORM_ID, ...row })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
      .execute();
  }
}
