import type { Kysely } from 'kysely';

/**
 * Items TAK devices put on the common map (docs/decisions/0068-tak-items-from-devices.md): one
 * row per CoT uid of a drawing Argus took in as a zone, with the latest event as received, which is
 * replayed to devices that connect, as the latest SA of each contact is.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tak_items')
    .addColumn('uid', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('zone_id', 'text', (c) => c.references('zones.id').onDelete('cascade'))
    .addColumn('last_event', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tak_items_zone_idx').on('tak_items').column('zone_id').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tak_items').execute();
}
