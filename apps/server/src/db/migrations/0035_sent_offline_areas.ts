import type { Kysely } from 'kysely';

/**
 * Map areas command sends to a unit's phone (docs/decisions/0057-offline-areas-sent-by-command.md):
 * the basemap, the box and who sent it. The phone saves the tiles; a withdrawn area's row goes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sent_offline_areas')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('unit_id', 'text', (c) => c.notNull().references('units.id').onDelete('cascade'))
    .addColumn('basemap_id', 'text', (c) => c.notNull().references('basemaps.id').onDelete('cascade'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('west', 'double precision', (c) => c.notNull())
    .addColumn('south', 'double precision', (c) => c.notNull())
    .addColumn('east', 'double precision', (c) => c.notNull())
    .addColumn('north', 'double precision', (c) => c.notNull())
    .addColumn('sent_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sent_offline_areas_unit_idx').on('sent_offline_areas').columns(['unit_id', 'sent_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sent_offline_areas').execute();
}
