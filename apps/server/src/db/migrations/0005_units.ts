import type { Kysely } from 'kysely';

/** Units with their crews and last position, and the client ids that make field actions idempotent. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('units')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('callsign', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision')
    .addColumn('lon', 'double precision')
    .addColumn('accuracy', 'double precision')
    .addColumn('heading', 'double precision')
    .addColumn('speed', 'double precision')
    .addColumn('position_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('unit_members')
    .addColumn('unit_id', 'text', (c) => c.notNull().references('units.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addPrimaryKeyConstraint('unit_members_pk', ['unit_id', 'user_id'])
    .execute();
  await db.schema.createIndex('unit_members_user_idx').on('unit_members').column('user_id').execute();

  // One row per action a device sent: the second arrival of the same id does nothing.
  await db.schema
    .createTable('client_actions')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('client_actions').execute();
  await db.schema.dropTable('unit_members').execute();
  await db.schema.dropTable('units').execute();
}
