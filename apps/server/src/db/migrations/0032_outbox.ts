import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * The outbox (docs/decisions/0053-an-outbox-for-every-event.md): every event is written in the
 * transaction of the change it announces, and relayed from here. `event_id` is the event's stable
 * id (its frames' messageId), `key` names what it announces ("report:<id>") so a retried request
 * finds it, `claimed_until` is the lease of the process handing it over and `published_at` is set
 * once the backplane kept it. Published rows are deleted after a retention window.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('outbox')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('event_id', 'text', (c) => c.notNull().unique())
    .addColumn('key', 'text')
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_until', 'bigint')
    .addColumn('published_at', 'bigint')
    .execute();
  // The relay looks only at what is still unpublished: a small part of the table.
  await db.schema
    .createIndex('outbox_unpublished_idx')
    .on('outbox')
    .column('created_at')
    .where(sql.ref('published_at'), 'is', null)
    .execute();
  await db.schema.createIndex('outbox_key_idx').on('outbox').column('key').execute();
  await db.schema.createIndex('outbox_published_idx').on('outbox').column('published_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
}
