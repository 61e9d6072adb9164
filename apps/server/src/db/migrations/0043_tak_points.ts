import type { Kysely } from 'kysely';

/**
 * Points TAK devices put on the common map (docs/decisions/0072-tak-map-points.md): one row per
 * CoT uid of a `b-m-p-*` marker, with what command's map draws (label, place, colour, icon set
 * path), the device that placed it and whether it did so with a certificate, and when it goes
 * stale. The latest event is replayed to devices that connect, as they may see its placer.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tak_points')
    .addColumn('uid', 'text', (c) => c.primaryKey())
    .addColumn('cot_type', 'text', (c) => c.notNull())
    .addColumn('callsign', 'text', (c) => c.notNull())
    .addColumn('remarks', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lon', 'double precision', (c) => c.notNull())
    .addColumn('colour_argb', 'integer')
    .addColumn('iconset_path', 'text')
    .addColumn('placer_uid', 'text', (c) => c.notNull())
    .addColumn('placer_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('placer_unit_id', 'text', (c) => c.references('units.id').onDelete('set null'))
    .addColumn('certified', 'integer', (c) => c.notNull())
    .addColumn('last_event', 'text', (c) => c.notNull())
    .addColumn('placed_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('stale_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tak_points_placer_idx').on('tak_points').columns(['placer_uid', 'stale_at']).execute();
  await db.schema.createIndex('tak_points_stale_idx').on('tak_points').column('stale_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tak_points').execute();
}
