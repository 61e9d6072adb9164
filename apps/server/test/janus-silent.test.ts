import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { JanusInstance } from '../src/media/janus/janus-instance';
import { JanusMediaServer } from '../src/media/janus/janus-media-server';
import { SfuSupervisor } from '../src/media/sfu-supervisor';
import { createPublisher } from '../src/media/werift-client';
import { buildTestApp, createUser, signIn, type TestApp } from './support';

/**
 * A Janus that takes connections and then stops answering (hung, or cut off without the socket
 * closing) must not hold anyone up (docs/decisions/0076-janus-behind-the-media-server-interface.md):
 * every request to it is bounded, so a room list still answers, listing nobody as publishing
 * through another node, and a publisher is refused with a sentence that says why.
 */

interface Silent {
  url: string;
  close(): Promise<void>;
}

/** Accepts TCP connections and never says a word: not even the WebSocket handshake. */
async function silentSocket(): Promise<Silent> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `ws://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Speaks Janus's WebSocket protocol only for the requests in `answers` (opening sessions, keeping
 * them alive, attaching handles), and never for the rest: a Janus whose core answers while its
 * VideoRoom is stuck. Answered keep-alives keep janode from giving the session up by itself.
 */
async function silentJanus(
  answers: readonly string[],
  late: { request: string; ms: number } | null = null,
  heard: string[] = [],
): Promise<Silent> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, handleProtocols: () => 'janus-protocol' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  server.on('connection', (socket) =>
    socket.on('message', (data) => {
      const request = JSON.parse(String(data)) as { janus: string; transaction: string; session_id?: number };
      heard.push(request.janus);
      if (!answers.includes(request.janus)) return;
      const answer = () =>
        socket.send(
          JSON.stringify({ janus: 'success', transaction: request.transaction, session_id: request.session_id, data: { id: Date.now() } }),
        );
      if (late?.request === request.janus) setTimeout(answer, late.ms);
      else answer();
    }),
  );
  return {
    url: `ws://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () => {
      for (const client of server.clients) client.terminate();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const SILENCES: [string, () => Promise<Silent>][] = [
  ['accepts TCP connections and never answers', silentSocket],
  ['opens a session, keeps it alive and answers nothing else', () => silentJanus(['create', 'keepalive'])],
  ['opens sessions and handles but answers no VideoRoom request', () => silentJanus(['create', 'keepalive', 'attach'])],
];

describe.each(SILENCES)('a Janus that %s', (_, start) => {
  let silent: Silent | undefined;
  let t: TestApp | undefined;
  let media: JanusMediaServer | undefined;

  afterEach(async () => {
    await t?.close();
    await media?.stop();
    await silent?.close();
    t = media = silent = undefined;
  });

  it('holds up no room list: the rooms are listed as nobody publishing elsewhere', async () => {
    silent = await start();
    t = await buildTestApp('sqlite', { MEDIA_SERVER: 'janus', JANUS_URLS: silent.url, ICE_STUN_URLS: 'none' });
    const command = await signIn(t.app, (await createUser(t.services, { role: 'Command_Admin' })).email);
    const list = await command.request('GET', '/stream/list');
    expect(list.statusCode).toBe(200);
    expect(list.json().rooms).toEqual([expect.objectContaining({ status: 'waiting', publisher: null })]);
  }, 60_000);

  it('refuses a publisher as unavailable, saying Janus does not answer', async () => {
    silent = await start();
    media = new JanusMediaServer(
      { urls: [silent.url], targetBitrateKbps: 1500 },
      new SfuSupervisor({ iceServers: [], portRange: null, additionalHostAddresses: [], targetBitrateKbps: 1500 }),
    );
    const publisher = createPublisher('VP8');
    try {
      await expect(media.publish(`room-${randomUUID()}`, randomUUID(), await publisher.offer())).rejects.toMatchObject({
        code: 'media_unavailable',
        message: expect.stringMatching(/Janus at ws:\/\/127\.0\.0\.1:\d+\/?\) (cannot be reached|did not answer)/),
      });
    } finally {
      await publisher.close();
    }
  }, 60_000);
});

describe('a Janus that attaches a handle only after the node gave up waiting', () => {
  it('has the late handle detached, so none is left in the session', async () => {
    const heard: string[] = [];
    // Past the node's 5 s limit on each request.
    const slow = await silentJanus(['create', 'keepalive', 'attach', 'detach'], { request: 'attach', ms: 7_000 }, heard);
    const instance = new JanusInstance(
      slow.url,
      () => undefined,
      () => undefined,
    );
    try {
      await expect(instance.attach()).rejects.toMatchObject({ code: 'media_unavailable' });
      await expect.poll(() => heard.includes('detach'), { timeout: 30_000, interval: 200 }).toBe(true);
    } finally {
      await instance.close();
      await slow.close();
    }
  }, 60_000);
});
