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

  async startSession(row: {
    id: string;
    room_id: string;
    user_id: string | null;
    role: StreamRole;
    started_at: number;
    node_id: string | null;
  }): Promise<void> {
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

  /**
   * The latest end of a publisher's session in each of these rooms, where it ended at `since` or
   * later and no publisher's session is open there now (one came back, through whichever process).
   */
  async publisherSessionsEndedSince(roomIds: readonly string[], since: number): Promise<Map<string, number>> {
    if (roomIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('stream_sessions as ended')
      .select(['ended.room_id', (eb) => eb.fn.max('ended.ended_at').as('ended_at')])
      .where('ended.room_id', 'in', roomIds)
      .where('ended.role', '=', 'publish')
      .where('ended.ended_at', '>=', since)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('stream_sessions as open')
              .select('open.id')
              .whereRef('open.room_id', '=', 'ended.room_id')
              .where('open.role', '=', 'publish')
              .where('open.ended_at', 'is', null),
          ),
        ),
      )
      .groupBy('ended.room_id')
      .execute();
    // PostgreSQL hands a bigint over as a string.
    return new Map(rows.map((row) => [row.room_id, Number(row.ended_at)]));
  }

  async endSession(id: string, at: number): Promise<void> {
    await this.db.updateTable('stream_sessions').set({ ended_at: at }).where('id', '=', id).where('ended_at', 'is', null).execute();
  }

  // ---- server processes sharing a media server (stream-nodes.ts) ----

  /**
   * Records that a process is alive. False when its row was missing: it is new, or another process
   * took it for lost (it was silent too long) and ended its sessions.
   */
  async markNodeSeen(nodeId: string, at: number): Promise<boolean> {
    const updated = await this.db.updateTable('stream_nodes').set({ seen_at: at }).where('id', '=', nodeId).executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) return true;
    await this.db
      .insertInto('stream_nodes')
      .values({ id: nodeId, seen_at: at })
      .onConflict((oc) => oc.column('id').doUpdateSet({ seen_at: at }))
      .execute();
    return false;
  }

  /** Opens again the sessions among these that a process still holds but that were ended when it was taken for lost. */
  async reopenNodeSessions(nodeId: string, sessionIds: readonly string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    await this.db
      .updateTable('stream_sessions')
      .set({ ended_at: null })
      .where('node_id', '=', nodeId)
      .where('id', 'in', sessionIds)
      .where('ended_at', 'is not', null)
      .execute();
  }

  /**
   * The open view sessions of each of these rooms held by other processes seen alive since
   * `aliveSince` (the asking process counts its own in memory).
   */
  async openViewerCounts(roomIds: readonly string[], aliveSince: number, exceptNode: string): Promise<Map<string, number>> {
    if (roomIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('stream_sessions')
      .innerJoin('stream_nodes', 'stream_nodes.id', 'stream_sessions.node_id')
      .select(['stream_sessions.room_id', (eb) => eb.fn.countAll<number | string>().as('viewers')])
      .where('stream_sessions.room_id', 'in', roomIds)
      .where('stream_sessions.role', '=', 'view')
      .where('stream_sessions.ended_at', 'is', null)
      .where('stream_nodes.id', '<>', exceptNode)
      .where('stream_nodes.seen_at', '>=', aliveSince)
      .groupBy('stream_sessions.room_id')
      .execute();
    // PostgreSQL counts in bigint, which its driver hands over as a string.
    return new Map(rows.map((row) => [row.room_id, Number(row.viewers)]));
  }

  /**
   * Ends the open sessions of processes last seen before `lostBefore` (killed, or cut off), at the
   * time they were last seen, and forgets those processes. Each is judged again as it is deleted: one
   * that recorded itself since the first look is left alone. Open sessions whose process has no row
   * (started as it stopped, or while it was being taken for lost) end `now`.
   */
  async endSessionsOfLostNodes(lostBefore: number, now: number): Promise<void> {
    const lost = await this.db.selectFrom('stream_nodes').selectAll().where('seen_at', '<', lostBefore).execute();
    for (const node of lost) {
      await this.db.transaction().execute(async (trx) => {
        const deleted = await trx.deleteFrom('stream_nodes').where('id', '=', node.id).where('seen_at', '<', lostBefore).executeTakeFirst();
        if (Number(deleted.numDeletedRows) === 0) return;
        await trx
          .updateTable('stream_sessions')
          .set({ ended_at: Number(node.seen_at) })
          .where('node_id', '=', node.id)
          .where('ended_at', 'is', null)
          .execute();
      });
    }
    await this.db
      .updateTable('stream_sessions')
      .set({ ended_at: now })
      .where('ended_at', 'is', null)
      .where('node_id', 'is not', null)
      .where((eb) =>
        eb.not(
          eb.exists(eb.selectFrom('stream_nodes').select('stream_nodes.id').whereRef('stream_nodes.id', '=', 'stream_sessions.node_id')),
        ),
      )
      .execute();
  }

  /** Ends a process's open sessions and forgets the process (it stopped). */
  async endNodeSessions(nodeId: string, at: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('stream_sessions').set({ ended_at: at }).where('node_id', '=', nodeId).where('ended_at', 'is', null).execute();
      await trx.deleteFrom('stream_nodes').where('id', '=', nodeId).execute();
    });
  }
}
