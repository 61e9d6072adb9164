import type { Kysely } from 'kysely';

/**
 * How an incident ended (a disposition code and summary, who coded it and when), and why an
 * assignment was cancelled (a recall or a reassignment): docs/decisions/0035-incident-management.md.
 * All nullable, so existing rows need no backfill.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('incidents').addColumn('disposition', 'text').execute();
  await db.schema.alterTable('incidents').addColumn('disposition_summary', 'text').execute();
  await db.schema.alterTable('incidents').addColumn('disposition_at', 'bigint').execute();
  await db.schema.alterTable('incidents').addColumn('disposition_by', 'text').execute();
  await db.schema.alterTable('dispatches').addColumn('cancel_reason', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('dispatches').dropColumn('cancel_reason').execute();
  for (const column of ['disposition_by', 'disposition_at', 'disposition_summary', 'disposition']) {
    await db.schema.alterTable('incidents').dropColumn(column).execute();
  }
}
