import type { Kysely } from 'kysely';

/** Incidents with their human-readable numbers, and the one timeline every change lands on. */
export async function up(db: Kysely<any>): Promise<void> {
  // Named counters, bumped with UPDATE … RETURNING so two writers never take the same number.
  await db.schema
    .createTable('counters')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('counters').values({ name: 'incident', value: 0 }).execute();

  await db.schema
    .createTable('incidents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lon', 'double precision', (c) => c.notNull())
    .addColumn('accuracy', 'double precision')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('source', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('incidents_created_idx').on('incidents').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('incidents_status_idx').on('incidents').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('incidents_position_idx').on('incidents').columns(['lat', 'lon']).execute();

  await db.schema
    .createTable('incident_timeline')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('incident_id', 'text', (c) => c.notNull().references('incidents.id'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('detail', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('incident_timeline_incident_idx').on('incident_timeline').columns(['incident_id', 'seq']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('incident_timeline').execute();
  await db.schema.dropTable('incidents').execute();
  await db.schema.dropTable('counters').execute();
}
