import type { Kysely } from 'kysely';

/**
 * Signed checkpoints of the audit chain (features/audit/audit-checkpoint.ts). They may live in the
 * database they protect: forging one takes the signing key, which is kept outside it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_checkpoints')
    .addColumn('seq', 'bigint', (c) => c.primaryKey())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_checkpoints').execute();
}
