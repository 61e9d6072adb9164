import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Stored files kept in PostgreSQL itself (FILE_STORE_URL=postgres, docs/decisions/0055-shared-file-storage.md),
 * so every server process on one database reads the same evidence, photos and basemaps. Bytes are rows of
 * 1 MiB chunks written as they stream in, under an upload's own id; the file appears under its SHA-256 key
 * (per namespace: evidence and photos apart from basemaps) only once every chunk is in. SQLite is one
 * machine's database, where the disk store serves, so it gets no tables.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .createTable('file_store_chunks')
    .addColumn('upload_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addPrimaryKeyConstraint('file_store_chunks_pk', ['upload_id', 'seq'])
    .execute();
  // Photos, video and archives are compressed already: compressing them again costs CPU and saves nothing.
  await sql`alter table file_store_chunks alter column bytes set storage external`.execute(db);
  await db.schema
    .createTable('file_store_files')
    .addColumn('namespace', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('upload_id', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('file_store_files_pk', ['namespace', 'key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema.dropTable('file_store_files').execute();
  await db.schema.dropTable('file_store_chunks').execute();
}
