import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { channels, type Channel, type RealtimeFrame } from '@argus/contracts/realtime/protocol';
import type { StreamRoom, StreamRoomEvent } from '@argus/contracts/http/streams';
import { isRoomLive } from '@argus/contracts/policies/live-rooms';
import type { Role } from '@argus/contracts/roles';
import { createPublisher, createViewer } from '../src/media/werift-client';
import { TEST_DIALECTS } from './databases';
import { RealtimeClient, sessionCookie } from './realtime-support';
import { buildTestApp, createUser, signIn, type Client, type TestApp } from './support';

type Frame = RealtimeFrame & { data: StreamRoomEvent };

describe.each(TEST_DIALECTS)('streams and cameras over /ws/realtime on %s', (dialect) => {
  let t: TestApp;
  let baseUrl: string;
  const sockets: RealtimeClient[] = [];

  beforeEach(async () => {
    t = await buildTestApp(dialect, { ICE_STUN_URLS: 'none' });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(async () => {
    sockets.splice(0).forEach((socket) => socket.drop());
    await t.close();
  });

  async function socketFor(
    role: Role,
    subscribe: Channel[],
    members?: (userId: string) => Promise<void>,
  ): Promise<{ client: Client; socket: RealtimeClient }> {
    const user = await createUser(t.services, { role });
    await members?.(user.id);
    const client = await signIn(t.app, user.email);
    const socket = await RealtimeClient.open(baseUrl, sessionCookie(client.cookies));
    sockets.push(socket);
    await socket.subscribe(subscribe);
    return { client, socket };
  }

  /** A WHIP publisher joined to `roomId` with a publish token from `client`: the WHIP answer's status, and the DELETE that ends it. */
  async function publishOverWhip(client: Client, roomId: string) {
    const token = (await client.request('POST', '/stream/join', { room: roomId, role: 'publish' })).json().token as string;
    const publisher = createPublisher('VP8');
    const whip = await fetch(`${baseUrl}/whip/${roomId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp', authorization: `Bearer ${token}` },
      body: await publisher.offer(),
    });
    const status = whip.status;
    await publisher.accept(await whip.text());
    const stop = () => fetch(whip.headers.get('location')!, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    return { publisher, status, stop };
  }

  /** The next stream event about `roomId` that says `change`. */
  const streamEvent = (socket: RealtimeClient, roomId: string, change: string, from = 0) =>
    socket.next(
      (frame) =>
        frame.type.startsWith('stream.') &&
        (frame as Frame).data.room.id === roomId &&
        (frame as Frame).data.changes.includes(change as never),
      `${change} of ${roomId}`,
      from,
    ) as Promise<Frame>;

  it('pushes rooms opening, a publisher joining and leaving, viewers and the close to command and analysts; field units and civic reporters cannot subscribe', async () => {
    const command = await socketFor('Command_Admin', ['streams']);
    const analyst = await socketFor('Intelligence_Analyst', ['streams']);
    const field = await socketFor('Field_Unit', ['streams']);
    const civic = await socketFor('Civic_Reporter', ['streams']);
    expect(command.socket.answer('realtime.subscribed', 'streams')).toBeDefined();
    expect(analyst.socket.answer('realtime.subscribed', 'streams')).toBeDefined();
    expect(field.socket.answer('realtime.denied', 'streams')).toBeDefined();
    expect(civic.socket.answer('realtime.denied', 'streams')).toBeDefined();

    const room = (await command.client.request('POST', '/stream/create', { name: 'Drone', kind: 'camera' })).json().room;
    const created = await streamEvent(analyst.socket, room.id, 'created');
    expect(created).toMatchObject({
      type: 'stream.created',
      channel: 'streams',
      data: { room: { id: room.id, name: 'Drone', status: 'waiting', viewers: 0 } },
    });

    // A WHIP publisher goes live, a WHEP viewer joins: each is pushed.
    const { publisher, status, stop } = await publishOverWhip(command.client, room.id);
    expect(status).toBe(201);
    const live = await streamEvent(analyst.socket, room.id, 'publisher-joined');
    expect(live).toMatchObject({ type: 'stream.updated', data: { room: { status: 'live', publisher: { name: expect.any(String) } } } });

    const viewToken = (await analyst.client.request('POST', '/stream/join', { room: room.id, role: 'view' })).json().token as string;
    const viewer = createViewer();
    const whep = await fetch(`${baseUrl}/whep/${room.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp', authorization: `Bearer ${viewToken}` },
      body: await viewer.offer(),
    });
    expect(whep.status).toBe(201);
    await viewer.accept(await whep.text());
    expect((await streamEvent(command.socket, room.id, 'viewers')).data.room.viewers).toBe(1);

    const fromLeft = command.socket.frames.length;
    expect((await stop()).status).toBe(200);
    expect((await streamEvent(command.socket, room.id, 'publisher-left', fromLeft)).data.room.publisher).toBeNull();

    expect((await command.client.request('POST', '/stream/leave', { room: room.id, close: true })).statusCode).toBe(200);
    const closed = await streamEvent(analyst.socket, room.id, 'closed');
    expect(closed).toMatchObject({ type: 'stream.closed', data: { room: { id: room.id, status: 'ended', viewers: 0 } } });
    // Nothing about this room came after its close.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(analyst.socket.events('streams').at(-1)?.type).toBe('stream.closed');
    expect(field.socket.events()).toEqual([]);
    expect(civic.socket.events()).toEqual([]);
    await Promise.all([publisher.close(), viewer.close()]);
  }, 60_000);

  it('tells a field unit of its own unit’s room on its unit channel, and not of another unit’s', async () => {
    const command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin' })).email);
    let unitId = '';
    let otherUnitId = '';
    const field = await socketFor('Field_Unit', [], async (userId) => {
      unitId = (await command.request('POST', '/units', { callsign: 'ALPHA-1', kind: 'patrol', members: [userId] })).json().unit.id;
      otherUnitId = (await command.request('POST', '/units', { callsign: 'BRAVO-2', kind: 'patrol', members: [] })).json().unit.id;
    });
    await field.socket.subscribe([channels.unit(unitId), channels.unit(otherUnitId)]);
    expect(field.socket.answer('realtime.subscribed', channels.unit(unitId))).toBeDefined();
    expect(field.socket.answer('realtime.denied', channels.unit(otherUnitId))).toBeDefined();

    const other = (await command.request('POST', '/stream/create', { name: 'BRAVO feed', kind: 'field', unitId: otherUnitId })).json().room;
    const own = (await field.client.request('POST', '/stream/create', { name: 'ALPHA-1 live', kind: 'field', unitId })).json().room;
    const created = await streamEvent(field.socket, own.id, 'created');
    expect(created.channel).toBe(channels.unit(unitId));
    expect(field.socket.events().some((frame) => (frame as Frame).data.room?.id === other.id)).toBe(false);
  }, 30_000);

  it('pushes cameras registered, edited, deactivated and their health to command and analysts only', async () => {
    const command = await socketFor('Command_Admin', ['cameras']);
    const analyst = await socketFor('Intelligence_Analyst', ['cameras']);
    const field = await socketFor('Field_Unit', ['cameras']);
    const civic = await socketFor('Civic_Reporter', ['cameras']);
    expect(analyst.socket.answer('realtime.subscribed', 'cameras')).toBeDefined();
    expect(field.socket.answer('realtime.denied', 'cameras')).toBeDefined();
    expect(civic.socket.answer('realtime.denied', 'cameras')).toBeDefined();

    const camera = (
      await command.client.request('POST', '/cameras', { name: 'Gate North', kind: 'camera', location: { lat: 51.5, lon: -0.12 } })
    ).json().camera;
    expect(await analyst.socket.next((frame) => frame.type === 'camera.created', 'camera.created')).toMatchObject({
      channel: 'cameras',
      data: { id: camera.id, name: 'Gate North', status: 'offline' },
    });

    // A heartbeat from the watching browser brings it online: a health change, pushed.
    expect((await command.client.request('POST', `/cameras/${camera.id}/heartbeat`, { fps: 25, packetLoss: 0 })).statusCode).toBe(200);
    expect(
      await analyst.socket.next(
        (frame) => frame.type === 'camera.updated' && (frame.data as { status: string }).status === 'online',
        'online',
      ),
    ).toMatchObject({ data: { id: camera.id } });
    // A second heartbeat changes nothing anyone sees: not pushed.
    const updates = () => analyst.socket.events('cameras').filter((frame) => frame.type === 'camera.updated').length;
    const before = updates();
    await command.client.request('POST', `/cameras/${camera.id}/heartbeat`, { fps: 25, packetLoss: 0 });

    expect((await command.client.request('PATCH', `/cameras/${camera.id}`, { active: false })).statusCode).toBe(200);
    const deactivated = await analyst.socket.next(
      (frame) => frame.type === 'camera.updated' && (frame.data as { active: boolean }).active === false,
      'deactivated',
    );
    expect(deactivated).toMatchObject({ data: { id: camera.id, status: 'offline' } });
    expect(updates()).toBe(before + 1);
    expect(field.socket.events()).toEqual([]);
    expect(civic.socket.events()).toEqual([]);
  });

  it('pushes a camera online when its stream room goes live and offline when the publisher leaves, without waiting for the 30 s check', async () => {
    const command = await socketFor('Command_Admin', ['cameras']);
    const room = (await command.client.request('POST', '/stream/create', { id: 'cam-gate', name: 'Gate camera', kind: 'camera' })).json()
      .room;
    const camera = (
      await command.client.request('POST', '/cameras', { name: 'Gate', kind: 'camera', location: { lat: 51.5, lon: -0.12 }, room: room.id })
    ).json().camera;
    expect(camera.status).toBe('offline');
    const statusOf = (status: string, from: number) =>
      command.socket.next(
        (frame) =>
          frame.type === 'camera.updated' &&
          (frame.data as { id: string; status: string }).id === camera.id &&
          (frame.data as { status: string }).status === status,
        `camera ${status}`,
        from,
      );

    const { publisher, stop } = await publishOverWhip(command.client, room.id);
    await publisher.connected();
    publisher.startSending();
    expect(await statusOf('online', 0)).toMatchObject({ data: { statusReason: expect.stringContaining('live publisher') } });

    const from = command.socket.frames.length;
    await stop();
    expect(await statusOf('offline', from)).toMatchObject({ data: { id: camera.id } });
    await publisher.close();
  }, 60_000);
  // docs/decisions/0059-only-rooms-with-a-publisher-are-live.md: the list production reads says a stopped room is not live.
  it('lists a room as live only while its publisher is there, also when viewers stay after the publisher stopped', async () => {
    const command = await socketFor('Command_Admin', ['streams']);
    const room = (await command.client.request('POST', '/stream/create', { id: 'test-stop', name: 'Streaming test', kind: 'test' })).json()
      .room;
    const listed = async () =>
      ((await command.client.request('GET', '/stream/list')).json().rooms as StreamRoom[]).find((entry) => entry.id === room.id)!;
    expect(isRoomLive(await listed())).toBe(false);

    const { publisher, stop } = await publishOverWhip(command.client, room.id);
    expect(isRoomLive((await streamEvent(command.socket, room.id, 'publisher-joined')).data.room)).toBe(true);
    expect(isRoomLive(await listed())).toBe(true);

    // A multiview tile keeps watching after the test is stopped: the room waits for its publisher to return, and is not live.
    const viewToken = (await command.client.request('POST', '/stream/join', { room: room.id, role: 'view' })).json().token as string;
    const viewer = createViewer();
    const whep = await fetch(`${baseUrl}/whep/${room.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp', authorization: `Bearer ${viewToken}` },
      body: await viewer.offer(),
    });
    await viewer.accept(await whep.text());
    await streamEvent(command.socket, room.id, 'viewers');
    const fromLeft = command.socket.frames.length;
    await stop();
    const left = await streamEvent(command.socket, room.id, 'publisher-left', fromLeft);
    expect(left.data.room.status).toBe('reconnecting');
    expect(isRoomLive(left.data.room)).toBe(false);
    expect(await listed()).toMatchObject({ status: 'reconnecting', publisher: null });
    expect(isRoomLive(await listed())).toBe(false);
    await Promise.all([publisher.close(), viewer.close()]);
  }, 60_000);
});
