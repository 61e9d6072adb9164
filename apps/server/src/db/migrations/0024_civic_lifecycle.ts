import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * The civic lifecycle and anonymous reports (docs/decisions/0044-civic-lifecycle-and-anonymous-reports.md):
 * the public outcome note command writes when it resolves or closes an incident; reports filed with
 * no account (no reporter, no uploader of their photos) followed through the hash of a private link's
 * token; and the one civic setting, whether the civic site takes reports without an account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('incidents').addColumn('disposition_public_note', 'text').execute();
  await db.schema.alterTable('reports').addColumn('follow_token_hash', 'text').execute();
  await db.schema.createIndex('reports_follow_token_idx').unique().on('reports').column('follow_token_hash').execute();
  // A change of an incident re-announces the public status of the reports linked to it.
  await db.schema.createIndex('reports_incident_idx').on('reports').column('incident_id').execute();
  await dropNotNull(db, 'reports', 'reporter_id');
  await dropNotNull(db, 'report_photos', 'uploaded_by');
  await db.schema
    .createTable('civic_settings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('anonymous_reports', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.references('users.id'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // Anonymous reports are on until an administrator requires accounts.
  await db.insertInto('civic_settings').values({ id: 'civic', anonymous_reports: 1, updated_by: null, updated_at: Date.now() }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('civic_settings').execute();
  await db.schema.dropIndex('reports_incident_idx').execute();
  await db.schema.dropIndex('reports_follow_token_idx').execute();
  await db.schema.alterTable('reports').dropColumn('follow_token_hash').execute();
  await db.schema.alterTable('incidents').dropColumn('disposition_public_note').execute();
}

/**
 * Lets a column hold null. PostgreSQL alters it in place; SQLite cannot, so the table is rebuilt
 * from its own stored definition without that column's NOT NULL, keeping its rows, indexes and
 * triggers. The rows wait in a copy while the table is dropped and made again under its own name,
 * so the tables that reference it keep naming it. The foreign keys are deferred to the commit:
 * dropping the table leaves its referencing rows without a parent, and putting each row back
 * gives them their parent again, so the commit finds none missing.
 */
async function dropNotNull(db: Kysely<any>, table: string, column: string): Promise<void> {
  if (isPostgres(db)) {
    await db.schema
      .alterTable(table)
      .alterColumn(column, (c) => c.dropNotNull())
      .execute();
    return;
  }
  const { rows } = await sql<{ type: string; sql: string }>`
    select type, sql from sqlite_master where tbl_name = ${table} and sql is not null`.execute(db);
  const definition = rows.find((row) => row.type === 'table')?.sql;
  if (!definition) throw new Error(`No table ${table} to rebuild.`);
  const notNull = new RegExp(`("${column}"\\s+\\w+(?:\\s+\\w+)?)\\s+not null`, 'i');
  const relaxed = definition.replace(notNull, '$1');
  if (notNull.test(relaxed)) throw new Error(`Cannot rebuild ${table}.${column}.`);
  const copy = `${table}_0024`;
  await sql`pragma defer_foreign_keys = on`.execute(db);
  await sql.raw(`create temporary table "${copy}" as select * from "${table}"`).execute(db);
  await sql.raw(`drop table "${table}"`).execute(db);
  await sql.raw(relaxed).execute(db);
  await sql.raw(`insert into "${table}" select * from "${copy}"`).execute(db);
  await sql.raw(`drop table "${copy}"`).execute(db);
  for (const row of rows.filter((row) => row.type === 'index' || row.type === 'trigger')) await sql.raw(row.sql).execute(db);
}
