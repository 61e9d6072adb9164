import type { Kysely } from 'kysely';

/**
 * The command inbox and attention (docs/decisions/0036-command-inbox-and-attention.md): one read
 * marker per person per thread (the broadcasts' thread has the empty target, since a key cannot
 * be NULL), and who acknowledged a unit's SOS and when, so the crew sees it was seen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('message_reads')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_reads_pk', ['user_id', 'channel', 'target_id'])
    .execute();
  await db.schema.alterTable('units').addColumn('emergency_seen_by', 'text').execute();
  await db.schema.alterTable('units').addColumn('emergency_seen_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('units').dropColumn('emergency_seen_at').execute();
  await db.schema.alterTable('units').dropColumn('emergency_seen_by').execute();
  await db.schema.dropTable('message_reads').execute();
}
