import type { Kysely } from 'kysely';

/** Per-user publishing defaults, and the platform's ICE servers and recording retention. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stream_defaults')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('resolution', 'text', (c) => c.notNull())
    .addColumn('frame_rate', 'integer', (c) => c.notNull())
    .addColumn('bitrate_kbps', 'integer', (c) => c.notNull())
    .addColumn('codec', 'text', (c) => c.notNull())
    .addColumn('simulcast', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // One row, keyed 'platform', so an update is an upsert on a fixed id on both dialects.
  await db.schema
    .createTable('stream_platform_settings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // JSON array of {urls, username?, credential?}; NULL means the server configuration applies.
    .addColumn('ice_servers', 'text')
    .addColumn('recording_retention_days', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stream_platform_settings').execute();
  await db.schema.dropTable('stream_defaults').execute();
}
