import { sql, type Kysely } from 'kysely';

/**
 * Which server process holds each stream session, and when each process was last alive
 * (docs/decisions/0076-janus-behind-the-media-server-interface.md): on a shared media server a
 * room's viewers are the open view sessions of every live process, and a process that died
 * without ending its sessions has them ended by the others once it has been silent too long.
 * Both indexes cover only the open sessions, a small part of a table that keeps every session ever
 * held: each process counts a room's open viewers every two seconds while a socket viewer watches.
 * A third covers publishers' sessions only: each room list asks when a room's last publisher left,
 * and a room's viewer sessions outnumber its publishers' by far.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('stream_sessions').addColumn('node_id', 'text').execute();
  await db.schema
    .createIndex('stream_sessions_open_node_idx')
    .on('stream_sessions')
    .column('node_id')
    .where(sql.ref('ended_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('stream_sessions_open_room_idx')
    .on('stream_sessions')
    .columns(['room_id', 'role'])
    .where(sql.ref('ended_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('stream_sessions_publisher_end_idx')
    .on('stream_sessions')
    .columns(['room_id', 'ended_at'])
    .where(sql.ref('role'), '=', 'publish')
    .execute();
  await db.schema
    .createTable('stream_nodes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seen_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stream_nodes').execute();
  await db.schema.dropIndex('stream_sessions_publisher_end_idx').execute();
  await db.schema.dropIndex('stream_sessions_open_room_idx').execute();
  await db.schema.dropIndex('stream_sessions_open_node_idx').execute();
  await db.schema.alterTable('stream_sessions').dropColumn('node_id').execute();
}
