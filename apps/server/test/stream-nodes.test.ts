import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { ManualClock } from '../src/lib/clock';
import { NODE_LOST_AFTER_MS, StreamNodes } from '../src/features/streams/stream-nodes';
import { StreamsRepository } from '../src/features/streams/streams.repository';
import { TEST_DIALECTS, createTestDatabase } from './databases';

/**
 * Processes sharing a media server count each other's viewers from their sessions
 * (docs/decisions/0076-janus-behind-the-media-server-interface.md): a process that dies has its
 * sessions ended by the others, at the time it was last seen; one that stops ends its own.
 */
describe.each(TEST_DIALECTS)('stream sessions across processes, on %s', (dialect) => {
  let db: Db;
  let repository: StreamsRepository;
  const clock = new ManualClock();
  const errors: unknown[] = [];

  beforeEach(async () => {
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

  const view = (id: string, node: StreamNodes) =>
    repository.startSession({ id, room_id: 'room-1', user_id: null, role: 'view', started_at: clock.now(), node_id: node.id });
  const endedAt = async (id: string) =>
    (await db.kysely.selectFrom('stream_sessions').select('ended_at').where('id', '=', id).executeTakeFirstOrThrow()).ended_at;

  it('counts every live process’s viewers, and ends a silent process’s sessions when it was last seen', async () => {
    const a = new StreamNodes(repository, clock);
    const b = new StreamNodes(repository, clock);
    await a.start((error) => errors.push(error));
    await b.start((error) => errors.push(error));
    await view('on-a', a);
    await view('on-b', b);
    await repository.startSession({
      id: 'publisher',
      room_id: 'room-1',
      user_id: null,
      role: 'publish',
      started_at: clock.now(),
      node_id: a.id,
    });
    expect(await a.viewerCounts(['room-1', 'room-2'])).toEqual(new Map([['room-1', 2]]));

    // B dies: it records itself no more. A's next heartbeat, past the limit, stops counting B and ends its sessions.
    const bLastSeen = clock.now();
    clock.advance(NODE_LOST_AFTER_MS + 1);
    await a.start((error) => errors.push(error));
    expect(await endedAt('on-b')).toBe(bLastSeen);
    expect(await endedAt('on-a')).toBeNull();
    expect(await a.viewerCounts(['room-1'])).toEqual(new Map([['room-1', 1]]));
    await Promise.all([a.stop(), b.stop()]);
    expect(errors).toEqual([]);
  });

  it('ends its own sessions when it stops', async () => {
    const a = new StreamNodes(repository, clock);
    await a.start((error) => errors.push(error));
    await view('mine', a);
    clock.advance(1_000);
    await a.stop();
    expect(Number(await endedAt('mine'))).toBe(clock.now());
  });
});
