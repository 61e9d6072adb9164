import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublisher, createViewer } from '../src/media/werift-client';
import { ManualClock } from '../src/lib/clock';
import { buildTestApp, createUser, signIn, type Client, type TestApp } from './support';

describe('WHIP and WHEP (RFC 9725) with werift clients', () => {
  let t: TestApp;
  let base: string;
  let command: Client;
  let analyst: Client;
  let roomId: string;

  beforeAll(async () => {
    t = await buildTestApp('sqlite', { ICE_STUN_URLS: 'none' }, new ManualClock(Date.now()));
    setInterval(() => t.clock.advance(Date.now() - t.clock.now()), 100).unref();
    command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin' })).email);
    analyst = await signIn(t.app, (await createUser(t.services, { role: 'Intelligence_Analyst' })).email);
    roomId = (await command.request('POST', '/stream/create', { name: 'Drone', kind: 'camera' })).json().room.id;
    await t.services.streams.media.start();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(() => t.close());

  const post = (kind: 'whip' | 'whep', token: string | null, body: string, type = 'application/sdp') =>
    fetch(`${base}/${kind}/${roomId}`, {
      method: 'POST',
      headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body,
    });

  it('publishes with a stream token over WHIP and plays back over WHEP; DELETE ends each, only with the resource’s own token', async () => {
    const publishToken = (await command.request('POST', '/stream/join', { room: roomId, role: 'publish' })).json().token as string;
    const publisher = createPublisher('H264');
    const whip = await post('whip', publishToken, await publisher.offer());
    expect(whip.status).toBe(201);
    expect(whip.headers.get('content-type')).toBe('application/sdp');
    const location = whip.headers.get('location')!;
    expect(location).toMatch(new RegExp(`/whip/${roomId}/[0-9a-f-]{36}$`));
    await publisher.accept(await whip.text());
    await publisher.connected();
    publisher.startSending();

    const viewToken = (await analyst.request('POST', '/stream/join', { room: roomId, role: 'view' })).json().token as string;
    const viewer = createViewer();
    const whep = await post('whep', viewToken, await viewer.offer());
    expect(whep.status).toBe(201);
    await viewer.accept(await whep.text());
    await viewer.connected();
    await viewer.receive(20);
    const viewerLocation = whep.headers.get('location')!;

    // The publisher's token does not open the viewer's resource, nor the other way round.
    expect((await fetch(viewerLocation, { method: 'DELETE', headers: { authorization: `Bearer ${publishToken}` } })).status).toBe(403);
    expect((await fetch(location, { method: 'DELETE', headers: { authorization: `Bearer ${publishToken}` } })).status).toBe(200);
    const listed = ((await analyst.request('GET', '/stream/list')).json().rooms as { id: string; publisher: unknown }[]).find(
      (room) => room.id === roomId,
    )!;
    expect(listed.publisher).toBeNull();
    expect((await fetch(viewerLocation, { method: 'DELETE', headers: { authorization: `Bearer ${viewToken}` } })).status).toBe(200);
    expect((await fetch(viewerLocation, { method: 'DELETE', headers: { authorization: `Bearer ${viewToken}` } })).status).toBe(404);
    await Promise.all([publisher.close(), viewer.close()]);
  }, 60_000);

  it('accepts an access token from the token API as the bearer, checked like /stream/join', async () => {
    const user = await createUser(t.services, { role: 'Intelligence_Analyst' });
    const grant = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: user.email, password: 'Lantern-Gravel-Orbit-93' },
    });
    expect(grant.statusCode).toBe(200);
    const accessToken = grant.json().access_token as string;
    const viewer = createViewer();
    const whep = await post('whep', accessToken, await viewer.offer());
    expect(whep.status).toBe(201);
    await viewer.close();
    // The same analyst may not publish.
    const refused = await post('whip', accessToken, await createPublisher().offer());
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string; code: string } }).error.message).toMatch(/cannot publish/);
  }, 30_000);

  it('refuses a missing or wrong bearer, a wrong content type, a non-SDP body and an unknown room with clear errors', async () => {
    const offer = await createViewer().offer();
    const missing = await post('whep', null, offer);
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as { error: { message: string; code: string } }).error.message).toMatch(/Bearer/);
    expect((await post('whep', 'garbage', offer)).status).toBe(401);
    const viewToken = (await analyst.request('POST', '/stream/join', { room: roomId, role: 'view' })).json().token as string;
    const wrongEndpoint = await post('whip', viewToken, offer);
    expect(wrongEndpoint.status).toBe(403);
    expect(((await wrongEndpoint.json()) as { error: { message: string; code: string } }).error.message).toMatch(/viewing/);
    const json = await post('whep', viewToken, JSON.stringify({ sdp: offer }), 'application/json');
    expect(json.status).toBe(415);
    const notSdp = await post('whep', viewToken, 'hello');
    expect(notSdp.status).toBe(400);
    expect(((await notSdp.json()) as { error: { message: string; code: string } }).error.code).toBe('bad_sdp');
    // A stream token names its room: another room's endpoint refuses it.
    const unknown = await fetch(`${base}/whep/no-such-room`, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp', authorization: `Bearer ${viewToken}` },
      body: offer,
    });
    expect(unknown.status).toBe(403);
  }, 30_000);
});
