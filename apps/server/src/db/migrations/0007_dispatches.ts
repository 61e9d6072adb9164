import type { Kysely } from 'kysely';

/** Assignments of units to incidents, with the time of each milestone. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dispatches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('incident_id', 'text', (c) => c.notNull().references('incidents.id'))
    .addColumn('unit_id', 'text', (c) => c.notNull().references('units.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    // JSON {status: epoch ms} of every milestone reached.
    .addColumn('milestones', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dispatches_incident_idx').on('dispatches').column('incident_id').execute();
  await db.schema.createIndex('dispatches_unit_idx').on('dispatches').columns(['unit_id', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('dispatches').execute();
}
