import type { Kysely } from 'kysely';

/**
 * Caller location links (docs/decisions/0046-caller-location-links.md): a one-time link per
 * incident, stored by the SHA-256 of its token (the token itself is shown once and never kept),
 * claimed by the first phone that shares through it (the hash of that phone's key), with the
 * last position shared and how many were.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('caller_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('incident_id', 'text', (c) => c.notNull().references('incidents.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoked_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('caller_key_hash', 'text')
    .addColumn('live_until', 'bigint')
    .addColumn('lat', 'double precision')
    .addColumn('lon', 'double precision')
    .addColumn('accuracy', 'double precision')
    .addColumn('located_at', 'bigint')
    .addColumn('position_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('caller_links_incident_idx').on('caller_links').columns(['incident_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('caller_links').execute();
}
