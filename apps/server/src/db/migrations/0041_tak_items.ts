import type { Kysely } from 'kysely';

/**
 * Items TAK devices put on the common map (docs/decisions/0068-tak-items-from-devices.md): one
 * row per CoT uid of a drawing Argus took in as a zone or a video feed it took in as a camera, with
 * the latest event as received, which is replayed to devices that connect, as the latest SA of
 * each contact is. Cameras gain the stream URL such a feed is played from.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tak_items')
    .addColumn('uid', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('zone_id', 'text', (c) => c.references('zones.id').onDelete('cascade'))
    .addColumn('camera_id', 'text', (c) => c.references('cameras.id').onDelete('cascade'))
    .addColumn('last_event', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tak_items_zone_idx').on('tak_items').column('zone_id').unique().execute();
  await db.schema.createIndex('tak_items_camera_idx').on('tak_items').column('camera_id').unique().execute();
  // A video feed a device announces is a camera whose stream is played from its own URL, not a room.
  await db.schema.alterTable('cameras').addColumn('stream_url', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cameras').dropColumn('stream_url').execute();
  await db.schema.dropTable('tak_items').execute();
}
