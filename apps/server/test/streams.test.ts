import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { COMMAND_ROOM_ID, STREAM_TOKEN_AUDIENCE, unitRoomId } from '@argus/contracts/http/streams';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, type Client, type TestApp } from './support';

describe.each(TEST_DIALECTS)('stream rooms on %s', (dialect) => {
  let t: TestApp;
  let command: Client;
  let analyst: Client;
  let field: Client;
  let otherField: Client;
  let civic: Client;
  let unitId: string;
  let otherUnitId: string;

  beforeEach(async () => {
    t = await buildTestApp(dialect, { ICE_STUN_URLS: 'stun:stun.argus.test:3478' });
    command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin' })).email);
    analyst = await signIn(t.app, (await createUser(t.services, { role: 'Intelligence_Analyst' })).email);
    const member = await createUser(t.services, { role: 'Field_Unit' });
    const otherMember = await createUser(t.services, { role: 'Field_Unit' });
    field = await signIn(t.app, member.email);
    otherField = await signIn(t.app, otherMember.email);
    civic = await signIn(t.app, (await createUser(t.services, { role: 'Civic_Reporter' })).email);
    unitId = (await command.request('POST', '/units', { callsign: 'ALPHA-1', kind: 'patrol', members: [member.id] })).json().unit.id;
    otherUnitId = (await command.request('POST', '/units', { callsign: 'BRAVO-2', kind: 'patrol', members: [otherMember.id] })).json().unit
      .id;
  });
  afterEach(() => t.close());

  it('creates rooms, lists them with their kind and unit, and always has the fixed command room', async () => {
    const created = await command.request('POST', '/stream/create', { name: 'Drone 1', kind: 'camera', cameraId: 'cam-7' });
    expect(created.statusCode).toBe(201);
    expect(created.json().room).toMatchObject({
      name: 'Drone 1',
      kind: 'camera',
      cameraId: 'cam-7',
      status: 'waiting',
      viewers: 0,
      publisher: null,
    });
    const list = (await analyst.request('GET', '/stream/list')).json().rooms as { id: string; kind: string }[];
    expect(list.map((room) => room.id)).toEqual(expect.arrayContaining([COMMAND_ROOM_ID, created.json().room.id]));
  });

  it('lets a field unit create and publish only its own unit’s room, and watch only rooms shared with it', async () => {
    const own = await field.request('POST', '/stream/create', { name: 'ALPHA-1 live', kind: 'field', unitId });
    expect(own.statusCode).toBe(201);
    expect(own.json().room.id).toBe(unitRoomId(unitId));
    const foreign = await field.request('POST', '/stream/create', { name: 'Not mine', kind: 'field', unitId: otherUnitId });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.message).toContain('own unit');

    expect((await field.request('POST', '/stream/join', { room: unitRoomId(unitId), role: 'publish' })).statusCode).toBe(200);
    // The other unit's room opens on first use, but this unit may neither publish nor watch it.
    const publishOther = await field.request('POST', '/stream/join', { room: unitRoomId(otherUnitId), role: 'publish' });
    expect(publishOther.statusCode).toBe(403);
    expect(publishOther.json().error.message).toContain('own unit');
    expect((await field.request('POST', '/stream/join', { room: unitRoomId(otherUnitId), role: 'view' })).statusCode).toBe(403);
    expect((await field.request('POST', '/stream/join', { room: COMMAND_ROOM_ID, role: 'view' })).statusCode).toBe(403);

    const briefing = (
      await command.request('POST', '/stream/create', { name: 'Briefing', kind: 'program', sharedWithUnitIds: [otherUnitId] })
    ).json().room;
    expect((await otherField.request('POST', '/stream/join', { room: briefing.id, role: 'view' })).statusCode).toBe(200);
    expect((await field.request('POST', '/stream/join', { room: briefing.id, role: 'view' })).statusCode).toBe(403);
    const seen = ((await otherField.request('GET', '/stream/list')).json().rooms as { id: string }[]).map((room) => room.id);
    expect(seen).toContain(briefing.id);
    expect(seen).not.toContain(COMMAND_ROOM_ID);
  });

  it('refuses civic reporters everything and analysts publishing', async () => {
    for (const [method, url, body] of [
      ['GET', '/stream/list', undefined],
      ['POST', '/stream/join', { room: COMMAND_ROOM_ID, role: 'view' }],
      ['POST', '/stream/create', { name: 'x', kind: 'test' }],
      ['GET', '/videosdk/token', undefined],
    ] as const) {
      expect((await civic.request(method, url, body)).statusCode).toBe(403);
    }
    const publish = await analyst.request('POST', '/stream/join', { room: COMMAND_ROOM_ID, role: 'publish' });
    expect(publish.statusCode).toBe(403);
    expect(publish.json().error.message).toMatch(/cannot publish/);
    expect((await analyst.request('POST', '/stream/create', { name: 'x', kind: 'test' })).statusCode).toBe(403);
  });

  it('answers join with configured ICE servers only, the signalling URL and a stream token the JWKS verifies', async () => {
    const response = await command.request(
      'POST',
      '/stream/join',
      { room: COMMAND_ROOM_ID, role: 'publish' },
      { host: 'stream.localhost:8080' },
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.iceServers).toEqual([{ urls: ['stun:stun.argus.test:3478'] }]);
    expect(body.signalingUrl).toBe('ws://stream.localhost:8080/ws/signaling');
    expect(body.httpEndpoint).toBe(`http://stream.localhost:8080/whip/${COMMAND_ROOM_ID}`);
    const jwks = (await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json() as JSONWebKeySet;
    const { payload, protectedHeader } = await jwtVerify(body.token, createLocalJWKSet(jwks), {
      audience: STREAM_TOKEN_AUDIENCE,
      currentDate: new Date(t.clock.now()),
    });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toMatchObject({ room: COMMAND_ROOM_ID, stream_role: 'publish' });
    expect(body.expiresAt - t.clock.now()).toBeLessThanOrEqual(10 * 60_000);
    // The stream token is not an access token: the API refuses it as a bearer.
    expect(
      (await t.app.inject({ method: 'GET', url: '/stream/list', headers: { authorization: `Bearer ${body.token}` } })).statusCode,
    ).toBe(401);
  });

  it('issues the video-SDK token for the fixed command room and answers /videosdk for it', async () => {
    const token = await analyst.request('GET', '/videosdk/token');
    expect(token.statusCode).toBe(200);
    expect(token.json()).toMatchObject({ roomId: COMMAND_ROOM_ID });
    const claims = await t.services.streams.verifyToken(token.json().token);
    expect(claims).toMatchObject({ room: COMMAND_ROOM_ID, stream_role: 'view' });
    const commandToken = await t.services.streams.verifyToken((await command.request('GET', '/videosdk/token')).json().token);
    expect(commandToken.stream_role).toBe('publish');
    const room = await analyst.request('GET', '/videosdk');
    expect(room.statusCode).toBe(200);
    expect(room.json()).toMatchObject({ room: { id: COMMAND_ROOM_ID }, whepUrl: expect.stringContaining(`/whep/${COMMAND_ROOM_ID}`) });
  });

  it('refuses unknown rooms, bad tokens, tokens past their time, and malformed signalling with clear errors', async () => {
    const unknown = await command.request('POST', '/stream/join', { room: 'no-such-room', role: 'view' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toContain('no-such-room');
    expect((await command.request('POST', '/stream/join', { room: '../etc', role: 'view' })).statusCode).toBe(400);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/signaling/offer',
      payload: { token: 'not-a-token', sdp: 'v=0\r\n' + 'a=x\r\n'.repeat(3) },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.code).toBe('bad_stream_token');

    const { token } = (await command.request('POST', '/stream/join', { room: COMMAND_ROOM_ID, role: 'view' })).json();
    const notSdp = await t.app.inject({ method: 'POST', url: '/signaling/offer', payload: { token, sdp: 'hello there, not an SDP' } });
    expect(notSdp.statusCode).toBe(400);
    expect(JSON.stringify(notSdp.json())).toContain('v=0');
    const huge = await t.app.inject({
      method: 'POST',
      url: '/signaling/offer',
      payload: { token, sdp: `v=0\r\n${'a=x\r\n'.repeat(20_000)}` },
    });
    expect(huge.statusCode).toBe(400);
    expect(JSON.stringify(huge.json())).toContain('too large');
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/signaling/offer',
      payload: { token, sdp: 'v=0\r\no=- 1 1 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\n' },
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error.code).toBe('bad_sdp');
    const strayIce = await t.app.inject({ method: 'POST', url: '/signaling/ice', payload: { token, peerId: 'nope', candidate: null } });
    expect(strayIce.statusCode).toBe(404);

    t.clock.advance(11 * 60_000);
    const expired = await t.app.inject({ method: 'POST', url: '/signaling/offer', payload: { token } });
    expect(expired.statusCode).toBe(401);
  });

  it('lets command close a room for everyone and refuses others', async () => {
    const room = (await command.request('POST', '/stream/create', { name: 'Temp', kind: 'test' })).json().room;
    expect((await analyst.request('POST', '/stream/leave', { room: room.id, close: true })).statusCode).toBe(403);
    expect((await command.request('POST', '/stream/leave', { room: room.id, close: true })).json()).toEqual({ ok: true, closedPeers: 0 });
    expect((await command.request('POST', '/stream/join', { room: room.id, role: 'view' })).statusCode).toBe(404);
  });

  it('reports health per room and the media process state', async () => {
    const health = await analyst.request('GET', '/stream/health');
    expect(health.statusCode).toBe(200);
    expect(health.json().sfu.state).toMatch(/running|stopped|restarting/);
    expect(health.json().rooms.find((room: { id: string }) => room.id === COMMAND_ROOM_ID)).toMatchObject({ viewers: 0, publisher: null });
  });
});
