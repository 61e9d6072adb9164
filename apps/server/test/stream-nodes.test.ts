import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { ManualClock } from '../src/lib/clock';
import { HEARTBEAT_MS, NODE_LOST_AFTER_MS, StreamNodes } from '../src/features/streams/stream-nodes';
import { StreamsRepository } from '../src/features/streams/streams.repository';
import { TEST_DIALECTS, createTestDatabase } from './databases';

/**
 * Processes sharing a media server count each other's viewers from their sessions
 * (docs/decisions/0076-janus-behind-the-media-server-interface.md): a process that dies has its
 * sessions ended by the others, at the time it was last seen; one that stops ends its own; one
 * taken for lost that comes back opens again the sessions it still holds.
 */
describe.each(TEST_DIALECTS)('stream sessions across processes, on %s', (dialect) => {
  let db: Db;
  let repository: StreamsRepository;
  const clock = new ManualClock();
  let errors: unknown[] = [];
  /** The sessions each process holds in memory, as its live peers would. */
  let held: Map<StreamNodes, { id: string; role: 'view' | 'publish' }[]>;

  beforeEach(async () => {
    errors = [];
    held = new Map();
    db = await createTestDatabase(dialect);
    repository = new StreamsRepository(db.kysely);
    await repository.upsert({
      id: 'room-1',
      name: 'Drone 1',
      kind: 'camera',
      unit_id: null,
      camera_id: null,
      shared_unit_ids: '[]',
      created_by: null,
      created_at: clock.now(),
      closed_at: null,
    });
  });
  afterEach(() => db.close());

  const node = () => new StreamNodes(repository, clock);
  /** Records the node alive (each call is one heartbeat; a second start() adds no timer). */
  const beat = (n: StreamNodes) =>
    n.start((error) => errors.push(error), {
      peerIds: () => (held.get(n) ?? []).map((session) => session.id),
      viewerCounts: (roomIds) =>
        new Map(roomIds.map((roomId) => [roomId, roomId === 'room-1' ? (held.get(n) ?? []).filter((s) => s.role === 'view').length : 0])),
    });
  const open = async (id: string, n: StreamNodes, role: 'view' | 'publish' = 'view') => {
    held.set(n, [...(held.get(n) ?? []), { id, role }]);
    await repository.startSession({ id, room_id: 'room-1', user_id: null, role, started_at: clock.now(), node_id: n.id });
  };
  const endedAt = async (id: string) =>
    (await db.kysely.selectFrom('stream_sessions').select('ended_at').where('id', '=', id).executeTakeFirstOrThrow()).ended_at;
  const nodeRow = (n: StreamNodes) => db.kysely.selectFrom('stream_nodes').selectAll().where('id', '=', n.id).executeTakeFirst();
  /** Time passes with only `alive` recording itself. */
  const passWith = async (ms: number, ...alive: StreamNodes[]) => {
    for (let passed = 0; passed < ms; passed += HEARTBEAT_MS) {
      clock.advance(HEARTBEAT_MS);
      for (const n of alive) await beat(n);
    }
  };

  it('counts every live process’s viewers, and ends a silent process’s sessions when it was last seen', async () => {
    const a = node();
    const b = node();
    await beat(a);
    await beat(b);
    await open('on-a', a);
    await open('on-b', b);
    await open('publisher', a, 'publish');
    expect(await a.viewerCounts(['room-1', 'room-2'])).toEqual(new Map([['room-1', 2]]));

    // B dies: it records itself no more. A's heartbeats, past the limit, stop counting B and end its sessions.
    const bLastSeen = clock.now();
    await passWith(NODE_LOST_AFTER_MS + HEARTBEAT_MS, a);
    expect(await endedAt('on-b')).toBe(bLastSeen);
    expect(await endedAt('on-a')).toBeNull();
    expect(await nodeRow(b)).toBeUndefined();
    expect(await a.viewerCounts(['room-1'])).toEqual(new Map([['room-1', 1]]));
    await Promise.all([a.stop(), b.stop()]);
    expect(errors).toEqual([]);
  });

  it('ends no live process’s sessions after the database was out longer than the limit', async () => {
    const a = node();
    const b = node();
    await beat(a);
    await beat(b);
    await open('published-on-b', b, 'publish');
    await open('viewing-on-b', b);

    // Nobody could record itself for a while; A comes back first and must not take B for lost.
    clock.advance(NODE_LOST_AFTER_MS + 10_000);
    await beat(a);
    expect(await endedAt('published-on-b')).toBeNull();
    await beat(b);
    await passWith(2 * HEARTBEAT_MS, a, b);
    expect(await endedAt('published-on-b')).toBeNull();
    expect(await endedAt('viewing-on-b')).toBeNull();
    expect(await a.viewerCounts(['room-1'])).toEqual(new Map([['room-1', 1]]));
    await Promise.all([a.stop(), b.stop()]);
    expect(errors).toEqual([]);
  });

  it('opens again the sessions a process still holds when it comes back after being taken for lost', async () => {
    const a = node();
    const b = node();
    await beat(a);
    await beat(b);
    await open('viewing-on-b', b);
    await open('published-on-b', b, 'publish');
    await repository.startSession({ id: 'left-b', room_id: 'room-1', user_id: null, role: 'view', started_at: clock.now(), node_id: b.id });

    // B stalls; A ends its sessions. B then records itself again, still holding two of them.
    await passWith(NODE_LOST_AFTER_MS + HEARTBEAT_MS, a);
    expect(await endedAt('published-on-b')).not.toBeNull();
    const leftAt = await endedAt('left-b');
    await beat(b);
    expect(await endedAt('published-on-b')).toBeNull();
    expect(await endedAt('viewing-on-b')).toBeNull();
    expect(await endedAt('left-b')).toBe(leftAt);
    expect(await a.viewerCounts(['room-1'])).toEqual(new Map([['room-1', 1]]));
    await Promise.all([a.stop(), b.stop()]);
    expect(errors).toEqual([]);
  });

  it('counts its own viewers while its heartbeats fail', async () => {
    const a = node();
    await beat(a);
    await open('on-a', a);
    clock.advance(NODE_LOST_AFTER_MS + HEARTBEAT_MS);
    expect(await a.viewerCounts(['room-1'])).toEqual(new Map([['room-1', 1]]));
    await a.stop();
  });

  it('ends its own sessions when it stops', async () => {
    const a = node();
    await beat(a);
    await open('mine', a);
    clock.advance(1_000);
    await a.stop();
    expect(Number(await endedAt('mine'))).toBe(clock.now());
    expect(await nodeRow(a)).toBeUndefined();
  });

  it('a heartbeat under way as it stops does not record it again, and a session opened after ends at the next sweep', async () => {
    const a = node();
    const b = node();
    await beat(b);
    const starting = beat(a);
    await a.stop();
    await starting;
    expect(await nodeRow(a)).toBeUndefined();

    await open('late', a);
    await passWith(HEARTBEAT_MS, b);
    expect(await endedAt('late')).toBe(clock.now());
    await b.stop();
    expect(errors).toEqual([]);
  });

  // PostgreSQL only: the plugin below asks the database again while the sweep's look is still under way,
  // which SQLite's single connection cannot do.
  it.runIf(dialect === 'postgres')('leaves alone a process that records itself between the sweep’s look and its delete', async () => {
    const a = node();
    const b = node();
    await beat(a);
    await beat(b);
    await open('on-b', b);
    clock.advance(NODE_LOST_AFTER_MS + HEARTBEAT_MS);
    const looks = new Set<unknown>();
    let bRecorded = false;
    // B records itself right after the sweep has read it as stale.
    const sweeping = new StreamsRepository(
      db.kysely.withPlugin({
        transformQuery: (args) => {
          const from = (args.node as { from?: { froms: { table?: { identifier?: { name: string } } }[] } }).from;
          if (args.node.kind === 'SelectQueryNode' && from?.froms[0]?.table?.identifier?.name === 'stream_nodes') looks.add(args.queryId);
          return args.node;
        },
        transformResult: async (args) => {
          if (looks.has(args.queryId) && !bRecorded) {
            bRecorded = true;
            await repository.markNodeSeen(b.id, clock.now());
          }
          return args.result;
        },
      }),
    );
    await sweeping.endSessionsOfLostNodes(clock.now() - NODE_LOST_AFTER_MS, clock.now());
    expect(bRecorded).toBe(true);
    expect(await endedAt('on-b')).toBeNull();
    expect(await nodeRow(b)).toBeDefined();
    await Promise.all([a.stop(), b.stop()]);
  });

  it.runIf(dialect === 'sqlite')('counts a room’s open viewers without reading its past sessions', async () => {
    const plan = await sql<{ detail: string }>`explain query plan
      select room_id, count(*) from stream_sessions
      where room_id in ('room-1') and role = 'view' and ended_at is null group by room_id`.execute(db.kysely);
    expect(plan.rows.map((row) => row.detail).join('\n')).toContain('stream_sessions_open_room_idx');
  });

  it('says when a room’s publisher left within the grace, unless a publisher came back, through whichever process', async () => {
    const [a, b] = [node(), node()];
    await open('viewer', a);
    await open('first', a, 'publish');
    const since = clock.now();
    clock.advance(1_000);
    await repository.endSession('first', clock.now());
    expect(await repository.publisherSessionsEndedSince(['room-1'], since)).toEqual(new Map([['room-1', clock.now()]]));
    expect(await repository.publisherSessionsEndedSince(['room-1'], clock.now() + 1)).toEqual(new Map());
    // Back through another process: the room has a publisher again, whatever ended before.
    await open('second', b, 'publish');
    expect(await repository.publisherSessionsEndedSince(['room-1'], since)).toEqual(new Map());
  });

  it.runIf(dialect === 'sqlite')('asks when a room’s publisher left without reading its viewers’ sessions', async () => {
    const plan = await sql<{ detail: string }>`explain query plan
      select room_id, max(ended_at) from stream_sessions
      where room_id in ('room-1') and role = 'publish' and ended_at >= 0 group by room_id`.execute(db.kysely);
    expect(plan.rows.map((row) => row.detail).join('\n')).toContain('stream_sessions_publisher_end_idx');
  });
});

describe('a process’s heartbeats while its database is slow', () => {
  it('starts no heartbeat while the last still waits, and stops only once it has ended', async () => {
    const done: string[] = [];
    let release: (rowWasThere: boolean) => void = () => undefined;
    const repository = {
      markNodeSeen: () => {
        done.push('seen asked');
        return new Promise<boolean>((resolve) => (release = resolve));
      },
      reopenNodeSessions: async () => undefined,
      endSessionsOfLostNodes: async () => undefined,
      endNodeSessions: async () => void done.push('ended'),
    } as unknown as StreamsRepository;
    const a = new StreamNodes(repository, new ManualClock());
    const first = a.start(() => undefined);
    await a.start(() => undefined);
    const stopping = a.stop();
    await Promise.resolve();
    expect(done).toEqual(['seen asked']);
    release(true);
    await Promise.all([first, stopping]);
    expect(done).toEqual(['seen asked', 'ended']);
  });
});
