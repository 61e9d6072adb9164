import type { Kysely } from 'kysely';

/**
 * The operation's home area (docs/decisions/0058-home-area.md): one row, a box in degrees an
 * administrator set, where every map with no subject of its own opens. No row: none is set, and the
 * server derives the area from what is on the maps.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('home_area')
    // Always "home": a single row keyed so two saves meet on one primary key.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('west', 'double precision', (c) => c.notNull())
    .addColumn('south', 'double precision', (c) => c.notNull())
    .addColumn('east', 'double precision', (c) => c.notNull())
    .addColumn('north', 'double precision', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('home_area').execute();
}
