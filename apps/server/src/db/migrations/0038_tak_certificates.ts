import { sql, type Kysely } from 'kysely';

/**
 * Client certificates Argus's own certificate authority issued to TAK devices
 * (docs/decisions/0062-tak-tls-enrolment-and-revocation.md): each bound to the Argus user who enrolled
 * it and that user's field unit, with the device's TAK uid. Every TLS connection is checked against
 * this table, so a revoked certificate (or one whose user was deactivated) cannot connect.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tak_certificates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('serial', 'text', (c) => c.notNull().unique())
    .addColumn('fingerprint', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('unit_id', 'text', (c) => c.references('units.id').onDelete('set null'))
    .addColumn('device_uid', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoked_by', 'text')
    .execute();
  await db.schema.createIndex('tak_certificates_user_idx').on('tak_certificates').column('user_id').execute();
  // One certificate in force per device uid: two users racing to enrol the same uid cannot both win.
  await db.schema
    .createIndex('tak_certificates_live_uid_idx')
    .unique()
    .on('tak_certificates')
    .column('device_uid')
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tak_certificates').execute();
}
