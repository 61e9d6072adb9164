import type { Kysely } from 'kysely';

/**
 * Onboarding TAK devices (docs/decisions/0066-tak-onboarding-marti-and-enrolment-tokens.md):
 * one-time enrolment tokens an administrator makes for a unit's crew member (only their SHA-256 is
 * kept), and the data packages devices share through the Marti sync API (the bytes are in the file
 * store, named by their hash, so every server process serves them). A certificate records the
 * assurance its device acts at (docs/decisions/0068-tak-items-from-devices.md): aal2 when enrolled
 * with an administrator's token, aal1 when by password alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tak_enrolment_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('unit_id', 'text', (c) => c.notNull().references('units.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createTable('tak_data_packages')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('keywords', 'text', (c) => c.notNull())
    .addColumn('tool', 'text', (c) => c.notNull())
    .addColumn('creator_uid', 'text', (c) => c.notNull())
    .addColumn('submitter', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('tak_certificates')
    .addColumn('aal', 'text', (c) => c.notNull().defaultTo('aal1'))
    .execute();
  await db.schema.createIndex('tak_data_packages_submitted_idx').on('tak_data_packages').column('submitted_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tak_data_packages').execute();
  await db.schema.dropTable('tak_enrolment_tokens').execute();
  await db.schema.alterTable('tak_certificates').dropColumn('aal').execute();
}
