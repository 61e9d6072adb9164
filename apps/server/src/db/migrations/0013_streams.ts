import type { Kysely } from 'kysely';

/** Live video rooms: who may publish and watch is decided from the unit and sharing kept here. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stream_rooms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('unit_id', 'text')
    .addColumn('camera_id', 'text')
    // JSON array of unit ids allowed to watch besides the room's own unit.
    .addColumn('shared_unit_ids', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'bigint')
    .execute();
  // Each publishing session, for the room's history and the health page.
  await db.schema
    .createTable('stream_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('room_id', 'text', (c) => c.notNull().references('stream_rooms.id').onDelete('cascade'))
    .addColumn('user_id', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .execute();
  await db.schema.createIndex('stream_sessions_room_idx').on('stream_sessions').columns(['room_id', 'started_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stream_sessions').execute();
  await db.schema.dropTable('stream_rooms').execute();
}
