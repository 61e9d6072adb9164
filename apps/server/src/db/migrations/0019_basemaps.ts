import type { Kysely } from 'kysely';

/**
 * Street basemaps (docs/decisions/0029-basemaps-served-by-argus.md): uploaded archives, stored
 * under their SHA-256 like evidence, and online sources. At most one is the default, which a
 * partial unique index guarantees on both dialects whatever the requests race.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('basemaps')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('tile_type', 'text', (c) => c.notNull())
    .addColumn('tile_format', 'text')
    .addColumn('tile_gzip', 'integer', (c) => c.notNull())
    .addColumn('vector_schema', 'text')
    .addColumn('min_zoom', 'integer', (c) => c.notNull())
    .addColumn('max_zoom', 'integer', (c) => c.notNull())
    // JSON [west, south, east, north]; NULL when the source does not say.
    .addColumn('bounds', 'text')
    .addColumn('attribution', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint')
    .addColumn('filename', 'text')
    .addColumn('sha256', 'text')
    .addColumn('storage_key', 'text')
    .addColumn('source_url', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('basemaps_one_default').on('basemaps').column('is_default').unique().where('is_default', '=', 1).execute();
  await db.schema.createIndex('basemaps_storage_key').on('basemaps').column('storage_key').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('basemaps').execute();
}
