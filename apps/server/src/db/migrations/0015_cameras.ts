import type { Kysely } from 'kysely';

/** The surveillance network: cameras and sensors, where they look, and their last known health. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cameras')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lon', 'double precision', (c) => c.notNull())
    .addColumn('heading', 'double precision')
    .addColumn('fov', 'double precision')
    .addColumn('range_m', 'double precision')
    .addColumn('room', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_reason', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint')
    // What the last heartbeat measured: low fps or loss make a live camera degraded.
    .addColumn('last_fps', 'double precision')
    .addColumn('last_packet_loss', 'double precision')
    .addColumn('notes', 'text', (c) => c.notNull())
    // JSON {enabled, minScore, classes}: read whole by the browser that analyses the feed.
    .addColumn('detection', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cameras_name_idx').on('cameras').column('name').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cameras').execute();
}
