import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as x509 from '@peculiar/x509';
import type { TakCertificate } from '@argus/contracts/http/tak';
import { MAX_SESSIONS_PER_LINK } from '../src/features/streams/peer-sessions';
import { readCot, type CotMessage } from '../src/features/tak/cot-reading';
import { PLAYBACK_LINK_TTL_MS } from '../src/features/tak/tak-playback-links';
import { certificateSerial } from '../src/features/tak/tak-peer-identity';
import { LINK_RENEWED_BEFORE_EXPIRY_MS } from '../src/features/tak/tak-video-picture';
import { TOKENS } from '@argus/contracts/constants';
import { createPublisher, createViewer } from '../src/media/werift-client';
import { TEST_DIALECTS } from './databases';
import { buildTestApp, createUser, signIn, STRONG_PASSWORD, type Client, type TestApp } from './support';
import { OPERATOR } from '@argus/contracts/policies/accounts';
import { SYSTEM_CONTEXT } from '../src/features/audit/audit.log';
import { geoChat, ping } from './tak-cot';
import type { SimulatedDevice } from './tak-device';
import { connectTls, enrolDevice } from './tak-tls-device';

const DEVICE = 'ANDROID-5c2f9e07a1d34b88';
/** Another Argus's gateway: its certificate's serial is listed in TAK_PEER_SERIALS (decision 0074). */
const PEER = 'argus-gateway-north';

/** Every complete event a device was sent, read as Argus reads CoT. */
const receivedBy = (device: SimulatedDevice): CotMessage[] =>
  device.received
    .split('</event>')
    .slice(0, -1)
    .map((xml) => readCot(`${xml}</event>`));

/** The `b-i-v` feeds a device was sent, with the playback link in each. */
const videoOf = (device: SimulatedDevice, roomId: string) =>
  device.received
    .split('</event>')
    .filter((xml) => xml.includes('type="b-i-v"') && xml.includes(`uid="argus-video-${roomId}"`))
    .map((xml) => {
      const url = /<__video[^>]* url="([^"]+)"/.exec(xml)?.[1];
      const path = /<ConnectionEntry[^>]* path="([^"]+)"/.exec(xml)?.[1];
      return { url: url!.replaceAll('&amp;', '&'), path: path! };
    });
const removedVideo = (device: SimulatedDevice, roomId: string) =>
  receivedBy(device).some((event) => event.kind === 'removal' && event.targetUid === `argus-video-${roomId}`);

describe.each(TEST_DIALECTS)('Argus’s live video rooms and read receipts out to a TAK device over TLS on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let command: Client;
  let crew: { id: string; email: string };
  let unitId: string;
  let ca: string;
  const devices: SimulatedDevice[] = [];
  const stops: (() => Promise<unknown>)[] = [];

  /** ATAK's enrolment with the crew member's password, then a connection with the certificate. */
  const enrolledDevice = async (user: { email: string } = crew, clientUid = DEVICE) => {
    const { cert, key } = await enrolDevice(t.takTls.enrolPort!, ca, { email: user.email, password: STRONG_PASSWORD, uid: clientUid });
    // The operator lists the link's serial (TAK_PEER_SERIALS); the running endpoint reads the same list.
    if (clientUid === PEER) t.config.cot.tls.peerSerials.push(certificateSerial(new x509.X509Certificate(cert).serialNumber));
    const device = await connectTls(t.takTls.tlsPort!, ca, { cert, key });
    devices.push(device);
    return device;
  };
  /** Resolves once the server has handled everything the device sent before. */
  const settled = async (device: SimulatedDevice) => {
    const pongs = () => device.received.split('t-x-c-t-r').length - 1;
    const before = pongs();
    device.send(ping(DEVICE, t.clock.now()));
    await device.until((d) => pongs() > before || d.closed);
  };
  const createRoom = async (name: string, sharedWithUnitIds: string[]) =>
    (await command.request('POST', '/stream/create', { name, kind: 'camera', sharedWithUnitIds })).json().room.id as string;
  /** Command (or `by`) publishes to a room over WHIP: the room goes live. */
  const goLive = async (roomId: string, by: Client = command) => {
    const token = (await by.request('POST', '/stream/join', { room: roomId, role: 'publish' })).json().token as string;
    const publisher = createPublisher('VP8');
    const whip = await fetch(`${base}/whip/${roomId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp', authorization: `Bearer ${token}` },
      body: await publisher.offer(),
    });
    expect(whip.status).toBe(201);
    await publisher.accept(await whip.text());
    const stop = async () => {
      await fetch(whip.headers.get('location')!, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
      await publisher.close();
    };
    stops.push(stop);
    return Object.assign(stop, { peerId: whip.headers.get('location')!.split('/').pop()! });
  };
  /** A WHEP offer to `path` on this server, as a player given the link would send it. */
  const watch = async (path: string, authorization?: string) => {
    const viewer = createViewer();
    const answer = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp', ...(authorization ? { authorization } : {}) },
      body: await viewer.offer(),
    });
    const body = await answer.text();
    await viewer.close();
    return { status: answer.status, body };
  };
  /** A player that stays: its WHEP session's peer id, or the refusal. */
  const play = async (path: string, authorization?: string) => {
    const viewer = createViewer();
    stops.push(() => viewer.close());
    const answer = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp', ...(authorization ? { authorization } : {}) },
      body: await viewer.offer(),
    });
    const body = await answer.text();
    if (answer.status === 201) await viewer.accept(body);
    return { status: answer.status, body, peerId: answer.headers.get('location')?.split('/').pop() ?? '' };
  };
  const certificateOf = async (deviceUid: string) =>
    ((await command.request('GET', '/tak/certificates')).json().certificates as TakCertificate[]).find(
      (row) => row.deviceUid === deviceUid,
    )!;
  const ended = (peerId: string) => vi.waitFor(() => expect(t.services.streams.hasPeer(peerId)).toBe(false), { timeout: 10_000 });

  beforeEach(async () => {
    t = await buildTestApp(dialect, {
      COT_TLS_PORT: '0',
      TAK_ENROL_PORT: '0',
      ICE_STUN_URLS: 'none',
      COT_TLS_RECHECK_MS: '200',
    });
    await t.services.streams.media.start();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    ca = t.takTls.authority!.pem;
    command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin', full_name: 'Dana Reyes' })).email);
    crew = await createUser(t.services, { role: 'Field_Unit', full_name: 'Sam Ortiz' });
    unitId = (await t.services.units.create({ callsign: 'MEDIC 4', kind: 'medical', members: [crew.id] })).id;
  }, 60_000);
  afterEach(async () => {
    for (const device of devices.splice(0)) device.end();
    for (const stop of stops.splice(0)) await stop().catch(() => undefined);
    await t.close();
  });

  it('sends a live room shared with the device’s unit as a feed whose link watches that room alone, and takes it off when it stops', async () => {
    const device = await enrolledDevice();
    await settled(device);
    const shared = await createRoom('Drone over the ford', [unitId]);
    const other = await createRoom('Harbour camera', []);
    const stopOther = await goLive(other);
    const stop = await goLive(shared);
    await device.until((d) => videoOf(d, shared).length > 0);
    // The room not shared with the crew's unit is not theirs to watch: no feed of it.
    await settled(device);
    expect(videoOf(device, other)).toEqual([]);
    const [feed] = videoOf(device, shared);
    expect(feed!.url).toContain(`/whep/${shared}/`);
    expect(new URL(feed!.url).pathname).toBe(feed!.path);

    // The link plays the room with no session; its token as a bearer too; never another room.
    expect((await watch(feed!.path)).status).toBe(201);
    const token = feed!.path.split('/').pop()!;
    expect((await watch(`/whep/${shared}`, `Bearer ${token}`)).status).toBe(201);
    const elsewhere = await watch(`/whep/${other}/${token}`);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body).toContain(`for video room \\"${shared}\\"`);
    expect((await watch(`/whep/${other}`, `Bearer ${token}`)).status).toBe(403);
    // Nor does it publish.
    const publish = await fetch(`${base}/whip/${shared}`, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp', authorization: `Bearer ${token}` },
      body: await createPublisher('VP8').offer(),
    });
    expect(publish.status).toBe(403);
    // A damaged token is refused plainly.
    const forged = await watch(`/whep/${shared}/${token.slice(0, -4)}AAAA`);
    expect(forged.status).toBe(401);
    expect(forged.body).toContain('This playback link is not valid.');
    expect((await watch(`/whep/${shared}/not-a-token`)).status).toBe(401);

    // The publisher leaves: the feed is taken off the device.
    await stop();
    await device.until((d) => removedVideo(d, shared));
    await stopOther();

    // The room ends: the link no longer plays.
    expect((await command.request('POST', '/stream/leave', { room: shared, close: true })).statusCode).toBe(200);
    const ended = await watch(feed!.path);
    expect(ended.status).toBe(404);
    expect(ended.body).toContain('has ended');
  }, 60_000);

  it('gives a device that connects the rooms live then, and refuses their links once its certificate is revoked', async () => {
    const shared = await createRoom('Drone over the ford', [unitId]);
    await goLive(shared);
    const device = await enrolledDevice();
    await device.until((d) => videoOf(d, shared).length > 0);
    const [feed] = videoOf(device, shared);
    const playing = await play(feed!.path);
    expect(playing.status).toBe(201);
    expect(t.services.streams.hasPeer(playing.peerId)).toBe(true);

    const certificate = await certificateOf(DEVICE);
    expect((await command.request('POST', `/tak/certificates/${certificate.id}/revoke`)).statusCode).toBe(200);
    // The session already playing from the link ends with the certificate, not only new ones.
    await ended(playing.peerId);
    const revoked = await watch(feed!.path);
    expect(revoked.status).toBe(403);
    expect(revoked.body).toContain('a revoked certificate');
  }, 60_000);

  it('ends the sessions a link plays when its user is deactivated', async () => {
    const shared = await createRoom('Drone over the ford', [unitId]);
    await goLive(shared);
    const device = await enrolledDevice();
    await device.until((d) => videoOf(d, shared).length > 0);
    const playing = await play(videoOf(device, shared)[0]!.path);
    expect(playing.status).toBe(201);

    await t.services.users.update(crew.id, { is_active: false }, OPERATOR, { ...SYSTEM_CONTEXT, actorId: null });
    await ended(playing.peerId);
  }, 60_000);

  it('ends the sessions of a link whose certificate expired, found by the periodic check after its device left', async () => {
    const shared = await createRoom('Drone over the ford', [unitId]);
    await goLive(shared);
    const device = await enrolledDevice();
    await device.until((d) => videoOf(d, shared).length > 0);
    const playing = await play(videoOf(device, shared)[0]!.path);
    expect(playing.status).toBe(201);
    device.end();
    await device.untilClosed();

    t.clock.advance((await certificateOf(DEVICE)).expiresAt - t.clock.now() + 1);
    await ended(playing.peerId);
  }, 60_000);

  it('lets a link hold a few sessions at once and end only its own, never its user’s browser or publishing ones', async () => {
    const crewClient = await signIn(t.app, crew.email);
    const own = (await crewClient.request('POST', '/stream/create', { name: 'MEDIC 4 helmet', kind: 'field', unitId })).json().room
      .id as string;
    const publishing = await goLive(own, crewClient);
    const browserToken = (await crewClient.request('POST', '/stream/join', { room: own, role: 'view' })).json().token as string;
    const browser = await play(`/whep/${own}`, `Bearer ${browserToken}`);
    expect(browser.status).toBe(201);
    const device = await enrolledDevice();
    await device.until((d) => videoOf(d, own).length > 0);
    const [feed] = videoOf(device, own);
    const link = `Bearer ${feed!.path.split('/').pop()!}`;

    // The link names the same user and room, but the publisher's and the browser's sessions are not the link's to end.
    for (const peerId of [publishing.peerId, browser.peerId]) {
      const refused = await fetch(`${base}/whep/${own}/${peerId}`, { method: 'DELETE', headers: { authorization: link } });
      expect(refused.status).toBe(404);
      expect(t.services.streams.hasPeer(peerId)).toBe(true);
    }

    // A handful of players on one device, then no more until one ends.
    const sessions = [];
    for (let i = 0; i < MAX_SESSIONS_PER_LINK; i += 1) sessions.push(await play(feed!.path));
    expect(sessions.map((session) => session.status)).toEqual(Array(MAX_SESSIONS_PER_LINK).fill(201));
    const beyond = await play(feed!.path);
    expect(beyond.status).toBe(429);
    expect(beyond.body).toContain(`already plays ${MAX_SESSIONS_PER_LINK} videos`);
    const done = await fetch(`${base}/whep/${own}/${sessions[0]!.peerId}`, { method: 'DELETE', headers: { authorization: link } });
    expect(done.status).toBe(200);
    expect((await play(feed!.path)).status).toBe(201);
  }, 60_000);

  it('answers only as many offers of one link as it may play when they arrive all at once', async () => {
    const shared = await createRoom('Drone over the ford', [unitId]);
    await goLive(shared);
    const device = await enrolledDevice();
    await device.until((d) => videoOf(d, shared).length > 0);
    const [feed] = videoOf(device, shared);
    const link = `Bearer ${feed!.path.split('/').pop()!}`;

    // Sent together to the listening server: none of them waits for another's answer.
    const offers = await Promise.all(Array.from({ length: MAX_SESSIONS_PER_LINK + 2 }, () => play(feed!.path)));
    const statuses = offers.map((offer) => offer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_SESSIONS_PER_LINK);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    const playing = offers.filter((offer) => offer.status === 201);
    const done = await fetch(`${base}/whep/${shared}/${playing[0]!.peerId}`, { method: 'DELETE', headers: { authorization: link } });
    expect(done.status).toBe(200);
    expect((await play(feed!.path)).status).toBe(201);
  }, 60_000);

  it('keeps a link playing after `keys rotate` for as long as it lives, and renews a long connection’s feed before it expires', async () => {
    const shared = await createRoom('Drone over the ford', [unitId]);
    await goLive(shared);
    const device = await enrolledDevice();
    await device.until((d) => videoOf(d, shared).length > 0);
    const [first] = videoOf(device, shared);
    const signedAt = t.clock.now();

    // The key that signed the link retires, and an access token's life passes: the link still plays.
    const retiredKid = (await t.services.keys.signingKey()).kid;
    await t.services.keys.rotate();
    t.clock.advance(TOKENS.accessTtlMs + 60_000);
    await t.services.keys.reload();
    expect((await watch(first!.path)).status).toBe(201);
    // Access tokens are not kept longer for it: the retired key is no longer published for them.
    expect((await t.services.keys.jwks()).keys.map((key) => key.kid)).not.toContain(retiredKid);

    // Within the hour before the link expires, the connection is sent the feed again with a fresh link.
    t.clock.advance(signedAt + PLAYBACK_LINK_TTL_MS - LINK_RENEWED_BEFORE_EXPIRY_MS + 1 - t.clock.now());
    await device.until((d) => videoOf(d, shared).length > 1);
    const renewed = videoOf(device, shared).at(-1)!;
    expect(renewed.path).not.toBe(first!.path);
    // Past the first link's life, it no longer plays; the renewed one does.
    t.clock.advance(signedAt + PLAYBACK_LINK_TTL_MS + 1_000 - t.clock.now());
    // (Its key, retired as long ago, has left the ring too: it is refused as not valid rather than expired.)
    expect((await watch(first!.path)).status).toBe(401);
    expect((await watch(renewed.path)).status).toBe(201);
  }, 60_000);

  it('sends no video to another server’s link (TAK_PEER_SERIALS), which acts as no device', async () => {
    const gatekeeper = await createUser(t.services, { role: 'Field_Unit', full_name: 'Lee Marsh' });
    const relay = (await t.services.units.create({ callsign: 'RELAY 1', kind: 'command', members: [gatekeeper.id] })).id;
    const shared = await createRoom('Drone over the ford', [unitId, relay]);
    const stop = await goLive(shared);
    const peer = await enrolledDevice(gatekeeper, PEER);
    await settled(peer);
    const device = await enrolledDevice();
    await device.until((d) => videoOf(d, shared).length > 0);
    // Room changes reach devices one after another: once the device hears the feed go, the link
    // has been sent whatever it would be of this room.
    await stop();
    await device.until((d) => removedVideo(d, shared));
    expect(videoOf(peer, shared)).toEqual([]);
    expect(removedVideo(peer, shared)).toBe(false);
  }, 60_000);

  it('sends the device a read receipt when an Argus person reads its chat', async () => {
    const device = await enrolledDevice();
    device.send(geoChat(DEVICE, 'HOPLITE', 'chat-41', t.clock.now(), 'Ford is passable on foot'));
    await device.until((d) => receivedBy(d).some((event) => event.kind === 'chat-receipt' && event.receipt === 'delivered'));
    const thread = (await command.request('GET', `/messages?channel=unit&targetId=${unitId}`)).json().messages as { id: string }[];
    expect(thread).toHaveLength(1);

    const read = await command.request('POST', '/messages/reads', { channel: 'unit', targetId: unitId, messageId: thread[0]!.id });
    expect(read.statusCode, read.body).toBe(200);
    await device.until((d) => receivedBy(d).some((event) => event.kind === 'chat-receipt' && event.receipt === 'read'));
    const receipts = receivedBy(device).filter(
      (event): event is Extract<CotMessage, { kind: 'chat-receipt' }> => event.kind === 'chat-receipt' && event.receipt === 'read',
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ messageId: 'chat-41', to: DEVICE });
    expect(device.received).toContain('senderCallsign="Dana Reyes"');

    // Reading it again moves no marker and sends nothing more.
    await command.request('POST', '/messages/reads', { channel: 'unit', targetId: unitId, messageId: thread[0]!.id });
    await settled(device);
    expect(receivedBy(device).filter((event) => event.kind === 'chat-receipt' && event.receipt === 'read')).toHaveLength(1);
  }, 60_000);
});
