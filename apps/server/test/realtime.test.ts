import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_API_PREFIX } from '@argus/contracts/http/token-api';
import { PRODUCT_VERSION } from '@argus/contracts/product';
import type { Unit } from '@argus/contracts/http/units';
import type { Channel } from '@argus/contracts/realtime/protocol';
import type { Role } from '@argus/contracts/roles';
import { totpCode } from '../src/features/mfa/totp';
import { TEST_DIALECTS } from './databases';
import { buildLiveTestApp, RealtimeClient, sessionCookie, upgradeStatus, type LiveTestApp } from './realtime-support';
import { signIn, signInNewUser, STRONG_PASSWORD, type Client } from './support';

describe.each(TEST_DIALECTS)('realtime over /ws/realtime on %s', (dialect) => {
  let t: LiveTestApp;

  beforeEach(async () => {
    t = await buildLiveTestApp(dialect);
  });
  afterEach(() => t.close());

  const signedIn = (role: Role) => signInNewUser(t, role);
  const open = (client: Client) => t.openSocket(sessionCookie(client.cookies));

  /** A unit as a position event carries it; the callsign tells the events apart. */
  const unitNamed = (callsign: string): Unit => ({
    id: 'u-bulk',
    callsign,
    kind: 'patrol',
    status: 'available',
    members: [],
    position: null,
    emergency: null,
    updatedAt: 0,
  });

  const seqOf = (socket: RealtimeClient, channel: Channel) => (socket.answer('realtime.subscribed', channel) as { seq: number }).seq;

  async function createUnit(command: Client, members: string[] = []): Promise<string> {
    const response = await command.request('POST', '/units', { callsign: `U-${randomUUID().slice(0, 8)}`, kind: 'patrol', members });
    expect(response.statusCode).toBe(201);
    return response.json().unit.id;
  }

  async function createIncident(command: Client, title = 'Warehouse fire'): Promise<string> {
    const response = await command.request('POST', '/incidents', {
      title,
      category: 'fire',
      severity: 'critical',
      location: { lat: 51.5, lon: -0.12 },
      description: '',
    });
    expect(response.statusCode).toBe(201);
    return response.json().incident.id;
  }

  /** A position report; the clock moves first, since a fix no newer than the last is not announced. */
  async function movePosition(client: Client, unitId: string, lat: number) {
    t.clock.advance(1000);
    const response = await client.request('POST', `/units/${unitId}/position`, { clientId: randomUUID(), location: { lat, lon: 0 } });
    expect(response.statusCode).toBe(200);
  }

  it('refuses a socket without a session (401) or opened by another site (403), before upgrading', async () => {
    const { client } = await signedIn('Intelligence_Analyst');
    expect(await upgradeStatus(t.baseUrl)).toBe(401);
    expect(await upgradeStatus(t.baseUrl, { cookie: 'argus_session=not-a-session' })).toBe(401);
    expect(await upgradeStatus(t.baseUrl, { ...sessionCookie(client.cookies), origin: 'https://evil.example' })).toBe(403);
    expect(await upgradeStatus(t.baseUrl, { ...sessionCookie(client.cookies), origin: 'null' })).toBe(403);
    expect(await upgradeStatus(t.baseUrl, { ...sessionCookie(client.cookies), origin: t.baseUrl })).toBe(101);
    // Another of Argus's sites on this server's port is Argus; the same names on another port are not.
    const port = new URL(t.baseUrl).port;
    expect(await upgradeStatus(t.baseUrl, { ...sessionCookie(client.cookies), origin: `http://civic.localhost:${port}` })).toBe(101);
    expect(await upgradeStatus(t.baseUrl, { ...sessionCookie(client.cookies), origin: 'http://civic.localhost:5173' })).toBe(403);
    expect(await upgradeStatus(t.baseUrl, { ...sessionCookie(client.cookies), origin: 'http://127.0.0.1:9' })).toBe(403);
    const plain = await client.request('GET', '/ws/realtime');
    expect(plain.statusCode).toBe(400);
    expect(plain.json().error.message).toBe('Open /ws/realtime as a WebSocket.');
  });

  it('gives nothing to a session that still owes its second factor', async () => {
    const { user, client } = await signedIn('Intelligence_Analyst');
    const enrol = (
      await client.request('POST', `${TOKEN_API_PREFIX}/factors`, { factor_type: 'totp', friendly_name: 'Duty phone' })
    ).json();
    const challenge = (await client.request('POST', `${TOKEN_API_PREFIX}/factors/${enrol.id}/challenge`, {})).json();
    const verified = await client.request('POST', `${TOKEN_API_PREFIX}/factors/${enrol.id}/verify`, {
      challenge_id: challenge.id,
      code: totpCode(enrol.totp.secret, t.clock.now()),
    });
    expect(verified.statusCode).toBe(200);
    const halfway = await signIn(t.app, user.email);
    expect(await upgradeStatus(t.baseUrl, sessionCookie(halfway.cookies))).toBe(403);
  });

  it('accepts a bearer access token from a client that is not a browser', async () => {
    const { user } = await signedIn('Intelligence_Analyst');
    const grant = await t.app.inject({
      method: 'POST',
      url: `${TOKEN_API_PREFIX}/token?grant_type=password`,
      payload: { email: user.email, password: STRONG_PASSWORD },
    });
    const socket = await t.openSocket({ authorization: `Bearer ${grant.json().access_token}` });
    expect(socket.frames[0]).toMatchObject({ type: 'realtime.welcome', data: { userId: user.id, role: 'Intelligence_Analyst' } });
    await socket.subscribe(['incidents']);
    expect(socket.answer('realtime.subscribed', 'incidents')).toBeDefined();
    expect(await upgradeStatus(t.baseUrl, { authorization: 'Bearer not-a-token' })).toBe(401);
  });

  it('delivers an HTTP write to a subscribed client in the specification’s envelope, numbered per channel', async () => {
    const { client: command } = await signedIn('Command_Admin');
    const socket = await open(command);
    await socket.subscribe(['incidents']);
    const before = seqOf(socket, 'incidents');

    const id = await createIncident(command);
    await createIncident(command, 'Second fire');
    const [first, second] = [
      await socket.next((frame) => frame.seq === before + 1, 'the first incident'),
      await socket.next((frame) => frame.seq === before + 2, 'the second incident'),
    ];
    expect(first).toEqual({
      type: 'incident.created',
      data: expect.objectContaining({ id, title: 'Warehouse fire', severity: 'critical' }),
      priority: 'critical',
      timestamp: t.clock.now(),
      origin: expect.stringMatching(/^argus-[0-9a-f]{8}$/),
      source: 'incident',
      version: PRODUCT_VERSION,
      messageId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      channel: 'incidents',
      seq: before + 1,
    });
    expect(second).toMatchObject({ type: 'incident.created', data: { title: 'Second fire' } });
    expect(second.messageId).not.toBe(first.messageId);
  });

  it('shows a civic reporter their own reports and public alerts, never another reporter’s or the triage queue', async () => {
    const me = await signedIn('Civic_Reporter');
    const other = await signedIn('Civic_Reporter');
    const analyst = await signedIn('Intelligence_Analyst');
    const socket = await open(me.client);
    const triage = await open(analyst.client);
    await socket.subscribe([
      `user:${me.user.id}`,
      'public-alerts',
      'reports',
      `user:${other.user.id}`,
      'incidents',
      'units',
      'alerts',
      'broadcast',
    ]);
    await triage.subscribe(['reports', `user:${other.user.id}`]);

    expect(socket.answer('realtime.subscribed', `user:${me.user.id}`)).toBeDefined();
    expect(socket.answer('realtime.subscribed', 'public-alerts')).toBeDefined();
    for (const channel of ['reports', `user:${other.user.id}`, 'incidents', 'units', 'alerts', 'broadcast'] as Channel[]) {
      expect(socket.answer('realtime.denied', channel)).toEqual({ channel, reason: expect.any(String) });
    }
    expect(triage.answer('realtime.denied', `user:${other.user.id}`)).toBeDefined();

    const file = (client: Client, description: string) =>
      client.request('POST', '/reports', {
        clientId: randomUUID(),
        kind: 'civic',
        category: 'fire',
        description,
        location: { lat: 1, lon: 2 },
      });
    expect((await file(other.client, 'Not for you')).statusCode).toBe(201);
    // Frames leave in publish order, so once my own report arrives the other one would have too.
    expect((await file(me.client, 'Mine')).statusCode).toBe(201);
    await socket.next((frame) => frame.type === 'report.created', 'my own report');
    await triage.next(
      (frame) => frame.type === 'report.created' && (frame.data as { description: string }).description === 'Mine',
      'the second report in triage',
    );

    expect(socket.events().map((frame) => [frame.channel, (frame.data as { description: string }).description])).toEqual([
      [`user:${me.user.id}`, 'Mine'],
    ]);
    expect(triage.events('reports').map((frame) => (frame.data as { description: string }).description)).toEqual(['Not for you', 'Mine']);
  });

  it('sends a public alert to the public in the public shape, and the whole alert to operations only', async () => {
    const reporter = await signedIn('Civic_Reporter');
    const analyst = await signedIn('Intelligence_Analyst');
    const { client: command } = await signedIn('Command_Admin');
    const publicSocket = await open(reporter.client);
    const operations = await open(analyst.client);
    await publicSocket.subscribe(['public-alerts']);
    await operations.subscribe(['alerts']);

    const published = await command.request('POST', '/alerts', {
      title: 'Gas leak: avoid the area',
      detail: 'Stay indoors',
      severity: 'warning',
      location: { lat: 1, lon: 2 },
      radiusM: 500,
    });
    expect(published.statusCode).toBe(201);
    const id = published.json().alert.id as string;

    const shown = await publicSocket.next((frame) => frame.type === 'public-alert.created', 'the public alert');
    expect(Object.keys(shown.data as object).sort()).toEqual([
      'createdAt',
      'detail',
      'id',
      'location',
      'radiusM',
      'severity',
      'title',
      'updatedAt',
    ]);
    const whole = await operations.next((frame) => frame.type === 'alert.created', 'the alert in operations');
    expect(whole.data).toMatchObject({ id, public: true, rule: 'public.notice', status: 'new' });

    expect((await command.request('POST', `/alerts/${id}/dismiss`, { verdict: 'Leak fixed' })).statusCode).toBe(200);
    await publicSocket.next((frame) => frame.type === 'public-alert.updated', 'the dismissal, publicly');
    expect(publicSocket.events().every((frame) => frame.type.startsWith('public-alert.'))).toBe(true);
    expect(operations.events('alerts').every((frame) => frame.type.startsWith('alert.'))).toBe(true);
  });

  it('gives a field unit its own unit and, while assigned, its incident — and withdraws the incident once cleared', async () => {
    const { client: command } = await signedIn('Command_Admin');
    const crew = await signedIn('Field_Unit');
    const mine = await createUnit(command, [crew.user.id]);
    const theirs = await createUnit(command);
    const incident = await createIncident(command);
    const socket = await open(crew.client);

    await socket.subscribe([
      `unit:${mine}`,
      `unit:${theirs}`,
      `incident:${incident}`,
      'units',
      'incidents',
      'reports',
      'broadcast',
      'public-alerts',
    ]);
    const subscribed = socket.frames
      .filter((frame) => frame.type === 'realtime.subscribed')
      .map((frame) => (frame.data as { channel: string }).channel);
    expect(subscribed.sort()).toEqual(['broadcast', 'public-alerts', `unit:${mine}`].sort());
    expect(socket.answer('realtime.denied', `incident:${incident}`)).toEqual({
      channel: `incident:${incident}`,
      reason: 'None of your units is assigned to this incident.',
    });

    const dispatched = await command.request('POST', `/incidents/${incident}/dispatch`, { unitIds: [mine] });
    expect(dispatched.statusCode).toBe(201);
    await socket.next((frame) => frame.type === 'dispatch.created' && frame.channel === `unit:${mine}`, 'the assignment on my unit');
    await socket.subscribe([`incident:${incident}`]);
    expect(socket.answer('realtime.subscribed', `incident:${incident}`)).toBeDefined();

    await movePosition(command, theirs, 10);
    await movePosition(crew.client, mine, 20);
    await socket.next((frame) => frame.type === 'unit.position', 'my unit’s position');
    const unitIds = socket
      .events()
      .map((frame) => (frame.data as { id?: string; unitId?: string }).unitId ?? (frame.data as { id: string }).id);
    expect(unitIds.filter((id) => id === theirs)).toEqual([]);

    const dispatchId = dispatched.json().dispatches[0].id;
    expect(
      (await command.request('POST', `/dispatches/${dispatchId}/status`, { clientId: randomUUID(), status: 'cancelled' })).statusCode,
    ).toBe(200);
    await t.services.realtime.checkSessions();
    expect(
      await socket.next(
        (frame) => frame.type === 'realtime.denied' && (frame.data as { channel: string }).channel === `incident:${incident}`,
        'the withdrawal',
      ),
    ).toBeDefined();
  });

  it('resumes a dropped socket with exactly what it missed, in order, then continues live', async () => {
    const { client: command } = await signedIn('Command_Admin');
    const unit = await createUnit(command);
    const first = await open(command);
    await first.subscribe(['units']);
    await movePosition(command, unit, 1);
    const seen = await first.next((frame) => frame.type === 'unit.position', 'the first position');
    first.drop();

    for (const lat of [2, 3, 4, 5, 6]) await movePosition(command, unit, lat);
    const second = await open(command);
    await second.subscribe([{ channel: 'units', since: seen.seq! }]);
    await movePosition(command, unit, 7);
    await second.next(
      (frame) => (frame.data as { position?: { location: { lat: number } } }).position?.location.lat === 7,
      'the live position',
    );

    const seqs = second.events('units').map((frame) => frame.seq);
    expect(seqs).toEqual([1, 2, 3, 4, 5, 6].map((n) => seen.seq! + n));
    expect(
      second.events('units').map((frame) => (frame.data as { position: { location: { lat: number } } }).position.location.lat),
    ).toEqual([2, 3, 4, 5, 6, 7]);
    // The confirmation comes after the replay and names the last seq replayed.
    const confirmation = second.frames.findIndex((frame) => frame.type === 'realtime.subscribed');
    expect(second.frames[confirmation]!.data).toEqual({ channel: 'units', seq: seen.seq! + 5 });
    expect(
      second.frames
        .slice(confirmation + 1)
        .filter((frame) => frame.channel === 'units')
        .map((frame) => frame.seq),
    ).toEqual([seen.seq! + 6]);
  });

  it('answers a reset when a client is further behind than the server keeps, by count or by age', async () => {
    const { client: command } = await signedIn('Command_Admin');
    const first = await open(command);
    await first.subscribe(['units']);
    const held = seqOf(first, 'units');
    first.drop();
    for (let i = 0; i < 1001; i += 1) t.services.events.publish({ type: 'unit.position', channels: ['units'], data: unitNamed(String(i)) });

    const behind = await open(command);
    await behind.subscribe([{ channel: 'units', since: held }]);
    expect(behind.answer('realtime.reset', 'units')).toEqual({ channel: 'units', seq: held + 1001 });
    expect(behind.answer('realtime.subscribed', 'units')).toEqual({ channel: 'units', seq: held + 1001 });
    expect(behind.events()).toEqual([]);
    behind.drop();

    t.services.events.publish({ type: 'unit.position', channels: ['units'], data: unitNamed('late') });
    t.clock.advance(15 * 60_000 + 1);
    // The session has expired meanwhile as well: a fresh sign-in, as the web app would make.
    const stale = await open((await signedIn('Command_Admin')).client);
    await stale.subscribe([{ channel: 'units', since: held + 1001 }]);
    expect(stale.answer('realtime.reset', 'units')).toEqual({ channel: 'units', seq: held + 1002 });
    expect(stale.events()).toEqual([]);
  });

  it('closes a socket once its session has ended, and one whose session now stands for another user', async () => {
    const analyst = await signedIn('Intelligence_Analyst');
    const admin = await signedIn('Super_Admin');
    const leaving = await open(analyst.client);
    const switching = await open(admin.client);
    const staying = await open((await signedIn('Command_Admin')).client);

    expect((await analyst.client.request('POST', '/auth/logout', {})).statusCode).toBeLessThan(300);
    expect((await admin.client.request('POST', '/auth/switch', { userId: analyst.user.id })).statusCode).toBe(200);
    await t.services.realtime.checkSessions();

    expect(await leaving.waitForClose()).toEqual({ code: 4401, reason: 'Your session has ended.' });
    expect(await switching.waitForClose()).toEqual({ code: 4409, reason: 'This session now stands for another user.' });
    staying.send({ type: 'ping', at: 1 });
    await staying.next((frame) => frame.type === 'realtime.pong', 'the pong');
    expect(staying.closed).toBeNull();
  });

  it('says goodbye (1001) to every socket when the server shuts down, so clients resume elsewhere', async () => {
    const other = await buildLiveTestApp(dialect);
    const { client } = await signInNewUser(other, 'Command_Admin');
    // Opened past openSocket, so closing the app is what ends it.
    const socket = await RealtimeClient.open(other.baseUrl, sessionCookie(client.cookies));
    await other.close();
    expect(await socket.waitForClose()).toEqual({ code: 1001, reason: 'The server is shutting down.' });
  });

  it('drops a socket that stops answering the heartbeat, and keeps one that answers', async () => {
    const { client } = await signedIn('Intelligence_Analyst');
    const dead = await t.openSocket(sessionCookie(client.cookies), { answerPings: false });
    const alive = await open(client);
    t.services.realtime.heartbeat();
    // The client's pong travels ahead of its next message, so once this round trip is done the
    // server has heard it.
    alive.send({ type: 'ping', at: 1 });
    await alive.next((frame) => frame.type === 'realtime.pong', 'the first pong');
    t.services.realtime.heartbeat();
    expect((await dead.waitForClose()).code).toBe(1006);
    alive.send({ type: 'ping', at: 2 });
    await alive.next((frame) => frame.type === 'realtime.pong' && (frame.data as { at: number }).at === 2, 'the second pong');
    expect(alive.closed).toBeNull();
  });

  it('closes a socket that floods it with frames (1008) and keeps serving the others', async () => {
    const { client: command } = await signedIn('Command_Admin');
    const honest = await open(command);
    await honest.subscribe(['incidents']);
    const flooder = await open((await signedIn('Intelligence_Analyst')).client);
    for (let i = 0; i < 20_000; i += 1) flooder.sendRaw(`not a message ${i}`);
    expect(await flooder.waitForClose()).toEqual({ code: 1008, reason: 'Too many messages: at most 100 in 10 seconds.' });
    // Refused from the first frame over the budget: the rest were never parsed nor answered.
    expect(flooder.frames.filter((frame) => frame.type === 'realtime.error').length).toBeLessThanOrEqual(100);

    const incidentId = await createIncident(command);
    await honest.next((frame) => frame.type === 'incident.created' && (frame.data as { id: string }).id === incidentId, 'the new incident');
    honest.send({ type: 'ping', at: 7 });
    await honest.next((frame) => frame.type === 'realtime.pong', 'the pong');
    expect(honest.closed).toBeNull();
  });

  it('closes a socket that sends a frame larger than any message (1009) without reading it', async () => {
    const socket = await open((await signedIn('Intelligence_Analyst')).client);
    socket.sendRaw(JSON.stringify({ type: 'ping', at: 1, padding: 'x'.repeat(100 * 1024) }));
    expect((await socket.waitForClose()).code).toBe(1009);
    expect(socket.frames.map((frame) => frame.type)).toEqual(['realtime.welcome']);
  });

  it('answers a ping, and explains a message it does not understand', async () => {
    const socket = await open((await signedIn('Field_Unit')).client);
    socket.send({ type: 'ping', at: 42 });
    expect((await socket.next((frame) => frame.type === 'realtime.pong', 'the pong')).data).toEqual({ at: 42 });
    socket.send({ type: 'subscribe', subscriptions: [{ channel: 'nonsense' as Channel }] });
    const error = await socket.next((frame) => frame.type === 'realtime.error', 'the error');
    expect((error.data as { message: string }).message).toContain('Unknown channel.');
  });

  it('drops a socket that stops reading instead of buffering for it without end, and keeps serving the others', async () => {
    const { client: command } = await signedIn('Command_Admin');
    const slow = await open(command);
    const steady = await open(command);
    await slow.subscribe(['units']);
    await steady.subscribe(['units']);
    slow.pause();
    const bulky = 'x'.repeat(256 * 1024);
    for (let i = 0; i < 100; i += 1) {
      t.services.events.publish({ type: 'unit.position', channels: ['units'], data: unitNamed(`${i} ${bulky}`) });
      await new Promise((resolve) => setImmediate(resolve));
    }
    await steady.next((frame) => (frame.data as { callsign?: string }).callsign?.startsWith('99 ') === true, 'the last bulky frame');
    slow.resume();
    expect((await slow.waitForClose()).code).toBe(1006);
    expect(slow.events().length).toBeLessThan(100);
    expect(steady.events('units')).toHaveLength(100);
  });
});
