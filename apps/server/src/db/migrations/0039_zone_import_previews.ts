import type { Kysely } from 'kysely';

/**
 * Zone-import previews kept where every server process sees them, so a preview made through one
 * is committed through any other (docs/decisions/0064-limits-and-previews-shared-between-processes.md).
 * A row is the parsed, checked upload as JSON; the commit deletes it in the import's transaction,
 * so it is taken once, and the retention job deletes what expired unused.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('zone_import_previews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('features', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('zone_import_previews_expires_idx').on('zone_import_previews').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('zone_import_previews').execute();
}
