import type { Kysely } from 'kysely';

/**
 * Web Push (docs/decisions/0043-the-field-phone-offline-and-attention.md): the push services'
 * addresses a person's browsers gave, with the keys that encrypt what is sent to them. The
 * endpoint is the push service's own unique address for one browser; signing out or the push
 * service answering "gone" removes it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('endpoint', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('push_subscriptions').execute();
}
