import type { Kysely, Selectable } from 'kysely';
import type { Database, StreamRoomsTable } from '../../db/schema';
import type { StreamRole } from '@argus/contracts/http/streams';

export type StreamRoomRow = Selectable<StreamRoomsTable>;

/** Only this file reads and writes video rooms and their publishing sessions. */
export class StreamsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(id: string): Promise<StreamRoomRow | undefined> {
    return this.db.selectFrom('stream_rooms').selectAll().where('id', '=', id).where('closed_at', 'is', null).executeTakeFirst();
  }

  listOpen(): Promise<StreamRoomRow[]> {
    return this.db
      .selectFrom('stream_rooms')
      .selectAll()
      .where('closed_at', 'is', null)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  /** Inserts the room, or reopens a closed one with the same id; an open room is left as it is. */
  async upsert(row: StreamRoomRow): Promise<void> {
    await this.db
      .insertInto('stream_rooms')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet({
            name: row.name,
            kind: row.kind,
            unit_id: row.unit_id,
            camera_id: row.camera_id,
            shared_unit_ids: row.shared_unit_ids,
            created_by: row.created_by,
            created_at: row.created_at,
            closed_at: null,
          })
          .where('stream_rooms.closed_at', 'is not', null),
      )
      .execute();
  }

  async close(id: string, at: number): Promise<void> {
    await this.db.updateTable('stream_rooms').set({ closed_at: at }).where('id', '=', id).execute();
  }

  async unitCallsign(unitId: string): Promise<string | null> {
    const row = await this.db.selectFrom('units').select('callsign').where('id', '=', unitId).executeTakeFirst();
    return row?.callsign ?? null;
  }

  async userNames(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('users').select(['id', 'full_name']).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, row.full_name]));
  }

  async startSession(row: { id: string; room_id: string; user_id: string | null; role: StreamRole; started_at: number }): Promise<void> {
    await this.db
      .insertInto('stream_sessions')
      .values({ ...row, ended_at: null })
      .execute();
  }

  /** The sessions among these ids that have not ended: who opened each, and when. */
  async openSessions(ids: string[]): Promise<{ id: string; user_id: string | null; started_at: number }[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('stream_sessions')
      .select(['id', 'user_id', 'started_at'])
      .where('id', 'in', ids)
      .where('ended_at', 'is', null)
      .execute();
  }

  async endSession(id: string, at: number): Promise<void> {
    await this.db.updateTable('stream_sessions').set({ ended_at: at }).where('id', '=', id).where('ended_at', 'is', null).execute();
  }
}
