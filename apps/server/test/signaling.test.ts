import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { COMMAND_ROOM_ID, unitRoomId } from '@argus/contracts/http/streams';
import { HEARTBEAT_INTERVAL_MS, HEARTBEAT_TIMEOUT_MS, type SignalingServerMessage } from '@argus/contracts/realtime/signaling';
import { createPublisher, createViewer, type ClientCodec, type TestPublisher, type TestViewer } from '../src/media/werift-client';
import type { SfuSupervisor } from '../src/media/sfu-supervisor';
import { ManualClock } from '../src/lib/clock';
import { buildTestApp, createUser, signIn, type Client, type TestApp } from './support';

/** A signalling socket like a browser's: joins with a token and sends a ping every second. */
class Signal {
  readonly messages: SignalingServerMessage[] = [];
  closed: { code: number; reason: string } | null = null;
  private pinger: NodeJS.Timeout | null = null;
  private readonly waiters = new Set<() => void>();

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.messages.push(JSON.parse(data.toString()) as SignalingServerMessage);
      for (const waiter of [...this.waiters]) waiter();
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.stopHeartbeat();
      for (const waiter of [...this.waiters]) waiter();
    });
  }

  static async open(url: string): Promise<Signal> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const signal = new Signal(socket);
    signal.pinger = setInterval(() => signal.send({ type: 'ping', at: Date.now() }), 1_000);
    return signal;
  }

  send(message: unknown): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  stopHeartbeat(): void {
    if (this.pinger) clearInterval(this.pinger);
    this.pinger = null;
  }

  /** The first message of a type after `from` (an index into messages). */
  next<T extends SignalingServerMessage['type']>(
    type: T,
    from = 0,
    timeoutMs = 8_000,
  ): Promise<Extract<SignalingServerMessage, { type: T }>> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.messages.slice(from).find((message) => message.type === type);
        if (found) {
          this.waiters.delete(check);
          clearTimeout(timer);
          resolve(found as Extract<SignalingServerMessage, { type: T }>);
        }
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`no ${type} within ${timeoutMs} ms; got ${JSON.stringify(this.messages.slice(from))}`));
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }

  close(): void {
    this.stopHeartbeat();
    this.socket.close();
  }
}

describe('the SFU through /ws/signaling (werift clients)', () => {
  let t: TestApp;
  let base: string;
  let command: Client;
  let analyst: Client;
  let field: Client;
  let fieldUserId: string;
  let otherUnitId: string;
  const cleanup: (() => unknown)[] = [];

  beforeAll(async () => {
    // Stream tokens are checked against the real time: the socket runs in real time too.
    t = await buildTestApp('sqlite', { ICE_STUN_URLS: 'none' }, new ManualClock(Date.now()));
    setInterval(() => t.clock.advance(Date.now() - t.clock.now()), 100).unref();
    command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin' })).email);
    analyst = await signIn(t.app, (await createUser(t.services, { role: 'Intelligence_Analyst' })).email);
    const member = await createUser(t.services, { role: 'Field_Unit' });
    fieldUserId = member.id;
    field = await signIn(t.app, member.email);
    await command.request('POST', '/units', { callsign: 'ALPHA-1', kind: 'patrol', members: [member.id] });
    otherUnitId = (await command.request('POST', '/units', { callsign: 'BRAVO-2', kind: 'patrol', members: [] })).json().unit.id;
    await t.services.streams.media.start();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = address.replace(/^http/, 'ws');
  }, 60_000);
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
    await t.close();
  });

  const tokenFor = async (client: Client, room: string, role: 'publish' | 'view') => {
    const response = await client.request('POST', '/stream/join', { room, role });
    expect(response.statusCode).toBe(200);
    return response.json().token as string;
  };

  async function joined(token: string): Promise<Signal> {
    const signal = await Signal.open(`${base}/ws/signaling`);
    cleanup.push(() => signal.close());
    signal.send({ type: 'join', token });
    await signal.next('joined');
    return signal;
  }

  async function publish(room: string, codec: ClientCodec = 'VP8'): Promise<{ signal: Signal; publisher: TestPublisher }> {
    const signal = await joined(await tokenFor(command, room, 'publish'));
    const publisher = createPublisher(codec);
    cleanup.push(() => publisher.close());
    signal.send({ type: 'offer', sdp: await publisher.offer() });
    await publisher.accept((await signal.next('answer')).sdp);
    await publisher.connected();
    publisher.startSending();
    return { signal, publisher };
  }

  async function view(room: string, client: Client = analyst, codecs?: ClientCodec[]): Promise<{ signal: Signal; viewer: TestViewer }> {
    const signal = await joined(await tokenFor(client, room, 'view'));
    const viewer = createViewer(codecs);
    cleanup.push(() => viewer.close());
    signal.send({ type: 'offer', sdp: await viewer.offer() });
    await viewer.accept((await signal.next('answer')).sdp);
    await viewer.connected();
    return { signal, viewer };
  }

  const room = async (name: string) => (await command.request('POST', '/stream/create', { name, kind: 'test' })).json().room.id as string;

  it('forwards one publisher to two viewers, each with its own payload type, and relays telemetry', async () => {
    const id = await room('two viewers');
    const { publisher } = await publish(id, 'H264');
    const a = await view(id, analyst, ['VP8', 'H264']);
    const b = await view(id, command, ['H264']);
    await Promise.all([a.viewer.receive(30), b.viewer.receive(30)]);
    // Each viewer gets the publisher's codec under the payload type it negotiated itself.
    const h264Type = (viewer: TestViewer) => Number(viewer.pc.remoteDescription!.sdp.match(/a=rtpmap:(\d+) H264\/90000/)![1]);
    expect([...a.viewer.payloadTypes]).toEqual([h264Type(a.viewer)]);
    expect([...b.viewer.payloadTypes]).toEqual([h264Type(b.viewer)]);

    await new Promise((resolve) => setTimeout(resolve, 300));
    publisher.telemetry.send(JSON.stringify({ type: 'telemetry', lat: 48.85, lon: 2.35, heading: 90, battery: 0.8, at: Date.now() }));
    publisher.telemetry.send('not telemetry');
    await expect.poll(() => a.viewer.telemetry.length, { timeout: 3_000 }).toBe(1);
    expect(JSON.parse(a.viewer.telemetry[0]!)).toMatchObject({ lat: 48.85, battery: 0.8 });

    const listed = (
      (await analyst.request('GET', '/stream/list')).json().rooms as {
        id: string;
        status: string;
        viewers: number;
        publisher: { codec: string } | null;
      }[]
    ).find((r) => r.id === id)!;
    expect(listed).toMatchObject({ status: 'live', viewers: 2, publisher: { codec: 'H264' } });
    const health = (await analyst.request('GET', '/stream/health')).json().rooms.find((r: { id: string }) => r.id === id);
    expect(health.publisher.bitrateKbps).toBeGreaterThan(0);
    expect(health.publisher.fps).toBeGreaterThan(0);
  }, 60_000);

  it('asks the publisher for a keyframe when a late viewer joins', async () => {
    const id = await room('late joiner');
    const { publisher } = await publish(id);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const before = publisher.plis;
    const late = await view(id);
    await late.viewer.receive(10);
    await expect.poll(() => publisher.plis, { timeout: 3_000 }).toBeGreaterThan(before);
  }, 60_000);

  it('keeps viewers connected while the publisher drops and comes back, and they continue', async () => {
    const id = await room('flapping');
    const first = await publish(id);
    const { signal, viewer } = await view(id);
    await viewer.receive(10);
    const from = signal.messages.length;
    first.signal.close();
    await first.publisher.close();
    await signal.next('publisher-left', from);
    expect(
      ((await analyst.request('GET', '/stream/list')).json().rooms as { id: string; status: string }[]).find((r) => r.id === id)!.status,
    ).toBe('reconnecting');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await publish(id);
    await signal.next('publisher-back', from);
    await viewer.receive(30);
    expect(viewer.pc.connectionState).toBe('connected');
  }, 60_000);

  it('drops a viewer that stops answering within a few heartbeats while the other keeps receiving', async () => {
    const id = await room('dead viewer');
    await publish(id);
    const alive = await view(id);
    const dead = await view(id);
    const deadPeer = (await dead.signal.next('answer')).peerId;
    await dead.viewer.receive(5);
    // Killed abruptly: no leave, no close frame, no more heartbeats.
    const from = alive.signal.messages.length;
    dead.signal.stopHeartbeat();
    await expect.poll(() => t.services.streams.hasPeer(deadPeer), { timeout: 30_000, interval: 100 }).toBe(false);
    // Time is counted in the heartbeats the live viewer kept exchanging meanwhile, not on a wall
    // clock: a loaded machine slows those and the server's check alike. The timeout plus one
    // check is HEARTBEAT_TIMEOUT_MS / HEARTBEAT_INTERVAL_MS + 1 heartbeats (one spare for
    // where in its second each socket started); ICE alone would take about 30.
    const heartbeats = alive.signal.messages.slice(from).filter((message) => message.type === 'pong').length;
    expect(heartbeats).toBeLessThanOrEqual(HEARTBEAT_TIMEOUT_MS / HEARTBEAT_INTERVAL_MS + 2);
    const countAfter = dead.viewer.packets;
    await alive.viewer.receive(20);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Forwarding to the dead peer stopped at once (a packet or two may have been in flight).
    expect(dead.viewer.packets - countAfter).toBeLessThan(5);
  }, 60_000);

  it('refuses over the socket what HTTP refuses: a forged or foreign token, a closed room', async () => {
    const forged = await Signal.open(`${base}/ws/signaling`);
    forged.send({ type: 'join', token: 'eyJhbGciOiJFUzI1NiJ9.e30.c2ln' });
    expect(await forged.next('error')).toMatchObject({ code: 'bad_token', fatal: true });
    await expect.poll(() => forged.closed?.code).toBe(4401);

    // A token signed by Argus for a room this field unit may not use (say, its unit changed).
    const tokens = (t.services.streams as unknown as { tokens: { issue(claims: object): Promise<{ token: string }> } }).tokens;
    const { token } = await tokens.issue({
      sub: fieldUserId,
      room: unitRoomId(otherUnitId),
      stream_role: 'publish',
      user_role: 'Field_Unit',
      name: 'x',
    });
    await command.request('POST', '/stream/join', { room: unitRoomId(otherUnitId), role: 'view' });
    const foreign = await Signal.open(`${base}/ws/signaling`);
    foreign.send({ type: 'join', token });
    const refusal = await foreign.next('error');
    expect(refusal).toMatchObject({ code: 'forbidden', fatal: true });
    expect(refusal.message).toContain('own unit');
    expect((await field.request('POST', '/stream/join', { room: COMMAND_ROOM_ID, role: 'view' })).statusCode).toBe(403);

    const id = await room('closing');
    const viewToken = await tokenFor(analyst, id, 'view');
    await command.request('POST', '/stream/leave', { room: id, close: true });
    const late = await Signal.open(`${base}/ws/signaling`);
    late.send({ type: 'join', token: viewToken });
    expect(await late.next('error')).toMatchObject({ code: 'room_not_found', fatal: true });
  }, 30_000);

  it('answers hostile signalling with clear errors and keeps the SFU running', async () => {
    const id = await room('hostile');
    const signal = await Signal.open(`${base}/ws/signaling`);
    cleanup.push(() => signal.close());
    let seen = 0;
    const expectError = async (send: unknown, code: string, text?: RegExp) => {
      signal.send(send);
      const error = await signal.next('error', seen);
      seen = signal.messages.length;
      expect(error.code).toBe(code);
      if (text) expect(error.message).toMatch(text);
      expect(error.fatal).toBe(false);
    };
    await expectError('{not json', 'bad_message', /not valid JSON/);
    await expectError({ type: 'dance' }, 'bad_message', /not a signalling message/);
    await expectError({ type: 'offer', sdp: `v=0\r\n${'x'.repeat(200_000)}` }, 'message_too_large', /too large/);
    await expectError({ type: 'offer', sdp: 'v=0\r\no=- 1 1 IN IP4 0.0.0.0\r\n' }, 'out_of_order', /join/);
    await expectError({ type: 'ice', candidate: null }, 'out_of_order');

    signal.send({ type: 'join', token: await tokenFor(analyst, id, 'view') });
    await signal.next('joined', seen);
    seen = signal.messages.length;
    await expectError(
      { type: 'ice', candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host', sdpMid: '0' } },
      'out_of_order',
      /after the offer/,
    );
    await expectError({ type: 'offer', sdp: 'v=0\r\nthis is not a session description\r\n' }, 'bad_sdp');

    // A flood of candidates on a real connection: the first are used, the rest refused.
    const flooder = await view(id);
    for (let i = 0; i < 60; i += 1)
      flooder.signal.send({
        type: 'ice',
        candidate: { candidate: `candidate:${i} 1 udp 2122260223 10.0.0.${i % 250} ${40000 + i} typ host`, sdpMid: '0', sdpMLineIndex: 0 },
      });
    const flood = await flooder.signal.next('error');
    expect(flood.code).toBe('too_many_candidates');

    expect(t.services.streams.media.state.state).toBe('running');
    const { publisher } = await publish(id);
    await flooder.viewer.receive(10);
    expect(publisher.pc.connectionState).toBe('connected');
  }, 60_000);

  it('closes a signalling socket that floods it with frames as they arrive, and another keeps its heartbeat', async () => {
    const flooder = await Signal.open(`${base}/ws/signaling`);
    const steady = await Signal.open(`${base}/ws/signaling`);
    cleanup.push(
      () => flooder.close(),
      () => steady.close(),
    );
    const closing = once(flooder.socket, 'close');
    for (let i = 0; i < 20_000; i += 1) flooder.send({ type: 'ping', at: i });
    const [code] = (await closing) as [number];
    expect(code).toBe(4400);
    expect(flooder.messages.find((message) => message.type === 'error')).toMatchObject({
      code: 'rate_limited',
      fatal: true,
      message: 'Too many signalling messages (at most 100 a second).',
    });
    expect(flooder.messages.filter((message) => message.type === 'pong').length).toBeLessThanOrEqual(100);
    const from = steady.messages.length;
    steady.send({ type: 'ping', at: 1 });
    await steady.next('pong', from);
  });

  it('restarts a killed SFU process and the client reconnects on its own', async () => {
    const id = await room('restart');
    await publish(id);
    await view(id);
    const supervisor = t.services.streams.media as SfuSupervisor;
    const restartsBefore = supervisor.state.restarts;
    // A browser-like viewer that follows the protocol: on reconnect, start again from join.
    const token = await tokenFor(analyst, id, 'view');
    let current = await view(id);
    const reconnected = new Promise<TestViewer>((resolve) => {
      const watch = (signal: Signal) =>
        signal.next('reconnect', 0, 20_000).then(async (message) => {
          await current.viewer.close();
          await new Promise((r) => setTimeout(r, message.afterMs));
          const again = await joined(token);
          const viewer = createViewer();
          cleanup.push(() => viewer.close());
          again.send({ type: 'offer', sdp: await viewer.offer() });
          await viewer.accept((await again.next('answer')).sdp);
          current = { signal: again, viewer };
          resolve(viewer);
        });
      void watch(current.signal);
    });
    process.kill(supervisor.pid!, 'SIGKILL');
    await expect.poll(() => supervisor.state.restarts, { timeout: 10_000 }).toBe(restartsBefore + 1);
    await expect.poll(() => supervisor.state.state, { timeout: 10_000 }).toBe('running');
    const viewer = await reconnected;
    await viewer.connected();
    // The publisher reconnects the same way; here it publishes afresh.
    await publish(id);
    await viewer.receive(10);
  }, 60_000);
});
