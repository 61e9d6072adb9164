import type { Kysely } from 'kysely';

/**
 * Simulcast is not offered (docs/video.md: the SFU forwards the publisher's one encoding), so the
 * per-user default that nothing used is dropped rather than kept as a setting that does nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('stream_defaults').dropColumn('simulcast').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('stream_defaults')
    .addColumn('simulcast', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
