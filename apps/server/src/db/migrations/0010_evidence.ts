import type { Kysely } from 'kysely';

/**
 * Evidence items and their custody chains. Each item keeps the head of its own chain (the last
 * seq and hash), so an append serialises on the item's row and a deleted tail is noticed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('evidence_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('incident_id', 'text', (c) => c.references('incidents.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_reason', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    // What produced the item elsewhere in Argus (e.g. a report photo), so adopting it twice is a no-op.
    .addColumn('source_ref', 'text', (c) => c.unique())
    .addColumn('captured_by', 'text', (c) => c.references('users.id'))
    .addColumn('captured_at', 'bigint')
    .addColumn('captured_lat', 'double precision')
    .addColumn('captured_lon', 'double precision')
    .addColumn('derived_from_id', 'text', (c) => c.references('evidence_items.id'))
    .addColumn('derived_from_sha256', 'text')
    .addColumn('derivation', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('custody_seq', 'bigint', (c) => c.notNull())
    .addColumn('custody_head', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('evidence_items_created_idx').on('evidence_items').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('evidence_items_incident_idx').on('evidence_items').columns(['incident_id', 'created_at']).execute();
  await db.schema.createIndex('evidence_items_captured_by_idx').on('evidence_items').columns(['captured_by', 'created_at']).execute();

  await db.schema
    .createTable('evidence_custody')
    .addColumn('item_id', 'text', (c) => c.notNull().references('evidence_items.id'))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('evidence_custody_pk', ['item_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('evidence_custody').execute();
  await db.schema.dropTable('evidence_items').execute();
}
