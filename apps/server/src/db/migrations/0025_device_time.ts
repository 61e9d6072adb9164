import type { Kysely } from 'kysely';

/**
 * Device time (docs/decisions/0042-device-time.md): field actions keep when they happened on the
 * device beside when the server received them. Timeline entries already carry the act's time in
 * `at` and gain `received_at`; a unit gains the time of its current status; reports and messages,
 * whose `created_at` / `sent_at` stay the receipt times that order and page them, gain `occurred_at`,
 * and so do report photos.
 * All are NULL for rows written before this migration; later rows sent with no device time carry
 * their receipt time there.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('incident_timeline').addColumn('received_at', 'bigint').execute();
  await db.schema.alterTable('units').addColumn('status_at', 'bigint').execute();
  await db.schema.alterTable('reports').addColumn('occurred_at', 'bigint').execute();
  await db.schema.alterTable('messages').addColumn('occurred_at', 'bigint').execute();
  await db.schema.alterTable('report_photos').addColumn('occurred_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('report_photos').dropColumn('occurred_at').execute();
  await db.schema.alterTable('messages').dropColumn('occurred_at').execute();
  await db.schema.alterTable('reports').dropColumn('occurred_at').execute();
  await db.schema.alterTable('units').dropColumn('status_at').execute();
  await db.schema.alterTable('incident_timeline').dropColumn('received_at').execute();
}
