import type { Kysely } from 'kysely';

/**
 * Zones (areas the threat engine watches) and the imports that brought them in. The bounding
 * box columns let a query or the engine's spatial index pre-filter before exact point-in-polygon.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('zone_imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('imported_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('imported_at', 'bigint', (c) => c.notNull())
    .addColumn('imported_count', 'integer', (c) => c.notNull())
    .addColumn('rejected_count', 'integer', (c) => c.notNull())
    .addColumn('undone_at', 'bigint')
    .execute();
  await db.schema
    .createTable('zones')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('risk_level', 'text', (c) => c.notNull())
    .addColumn('geometry', 'text', (c) => c.notNull())
    .addColumn('min_lon', 'double precision', (c) => c.notNull())
    .addColumn('min_lat', 'double precision', (c) => c.notNull())
    .addColumn('max_lon', 'double precision', (c) => c.notNull())
    .addColumn('max_lat', 'double precision', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('import_id', 'text', (c) => c.references('zone_imports.id'))
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('zones_active_idx').on('zones').columns(['active', 'risk_level']).execute();
  await db.schema.createIndex('zones_import_idx').on('zones').column('import_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('zones').execute();
  await db.schema.dropTable('zone_imports').execute();
}
