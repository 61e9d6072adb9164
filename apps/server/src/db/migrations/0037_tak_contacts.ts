import type { Kysely } from 'kysely';

/**
 * TAK devices heard on the CoT endpoint (docs/decisions/0061-tak-cot-endpoint-first-slice.md): one row
 * per TAK uid with its callsign, the Argus unit an administrator bound it to (none until then), and
 * its latest situational-awareness event, which is sent to every device that connects.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tak_contacts')
    .addColumn('uid', 'text', (c) => c.primaryKey())
    .addColumn('callsign', 'text', (c) => c.notNull())
    .addColumn('unit_id', 'text', (c) => c.references('units.id').onDelete('set null'))
    .addColumn('cot_type', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lon', 'double precision', (c) => c.notNull())
    .addColumn('battery', 'integer')
    .addColumn('last_sa', 'text', (c) => c.notNull())
    .addColumn('last_seen', 'bigint', (c) => c.notNull())
    .execute();
  // A unit is one device's: binding a second uid to it is refused, and the index enforces that.
  await db.schema.createIndex('tak_contacts_unit_idx').on('tak_contacts').column('unit_id').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tak_contacts').execute();
}
