import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { SignalingServerMessage } from '@argus/contracts/realtime/signaling';
import { createPublisher, createViewer } from '../src/media/werift-client';
import { TEST_DIALECTS } from './databases';
import { twoServersOnJanus } from './two-servers';
import { hasJanus } from './janus-process';
import { redisAnswers, REDIS_URL, servicesPresent } from './scale-out-support';
import { signInOver, startServer, stopServer, type ServerProcess } from './server-processes';

/**
 * Issue 17, point 3: video lived on one node. Two real server processes on one database, one Redis
 * and one Janus (docs/decisions/0076-janus-behind-the-media-server-interface.md): published over
 * WHIP through one node, watched through the other (by the server's offer and over WHEP), each
 * signalling step sent to whichever node, as a balancer without stickiness would.
 */
const ready = servicesPresent('the video-through-another-node tests', { [`Redis at ${REDIS_URL}`]: await redisAnswers(), janus: hasJanus });

describe.skipIf(!ready).each(TEST_DIALECTS)('live video through another node on Janus, on %s', (dialect) => {
  const nodes = twoServersOnJanus(dialect, ['Command_Admin', 'Intelligence_Analyst', 'Command_Admin']);

  it('carries video published through one node to viewers on the other (the server offering, and WHEP), each ended through either node', async () => {
    const command = await signInOver(nodes.a.baseUrl, nodes.emails[0]);
    const analyst = await signInOver(nodes.b.baseUrl, nodes.emails[1]);
    const { room } = await command.post(nodes.a.baseUrl, '/stream/create', { name: 'Drone 7', kind: 'camera' });
    const publishToken = (
      (await command.post(nodes.a.baseUrl, '/stream/join', { room: room!.id, role: 'publish' })) as unknown as { token: string }
    ).token;

    const publisher = createPublisher('VP8');
    const whip = await fetch(`${nodes.a.baseUrl}/whip/${room!.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp', authorization: `Bearer ${publishToken}` },
      body: await publisher.offer(),
    });
    expect(whip.status).toBe(201);
    await publisher.accept(await whip.text());
    await publisher.connected();
    publisher.startSending();

    // Node B lists the room as live, published by the commander through node A.
    const listedOn = async (server: ServerProcess) =>
      (
        (await (await fetch(`${server.baseUrl}/stream/list`, { headers: analyst.headers })).json()) as {
          rooms: { id: string; status: string; publisher: { name: string } | null }[];
        }
      ).rooms.find((entry) => entry.id === room!.id);
    expect(await listedOn(nodes.b)).toMatchObject({ status: 'live', publisher: { name: expect.any(String) } });

    // The viewer asks node B for the offer and sends its answer through node A.
    const viewToken = (
      (await analyst.post(nodes.b.baseUrl, '/stream/join', { room: room!.id, role: 'view' })) as unknown as { token: string }
    ).token;
    const offered = (await analyst.post(nodes.b.baseUrl, '/signaling/offer', { token: viewToken })) as unknown as {
      peerId: string;
      type: string;
      sdp: string;
    };
    expect(offered.type).toBe('offer');
    const viewer = createViewer(['VP8'], { serverOffers: true });
    const answered = await fetch(`${nodes.a.baseUrl}/signaling/answer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: viewToken, peerId: offered.peerId, sdp: await viewer.answer(offered.sdp) }),
    });
    expect(answered.status).toBe(200);
    await viewer.connected();
    await viewer.receive(20, 20_000);

    // A WHEP player through node B (it offers: node B's SFU serves it from Janus); its resource ended through node A.
    const player = createViewer(['VP8']);
    const whep = await fetch(`${nodes.b.baseUrl}/whep/${room!.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp', authorization: `Bearer ${viewToken}` },
      body: await player.offer(),
    });
    expect(whep.status).toBe(201);
    await player.accept(await whep.text());
    await player.connected();
    await player.receive(20, 20_000);
    // Both viewers are on node B; node A counts them too (their sessions, held by a live node).
    const viewersOn = async (server: ServerProcess) =>
      (
        (await (await fetch(`${server.baseUrl}/stream/list`, { headers: analyst.headers })).json()) as {
          rooms: { id: string; viewers: number }[];
        }
      ).rooms.find((entry) => entry.id === room!.id)?.viewers;
    expect(await viewersOn(nodes.a)).toBe(2);
    expect(await viewersOn(nodes.b)).toBe(2);
    const playerResource = new URL(whep.headers.get('location')!).pathname;
    expect(
      (await fetch(`${nodes.a.baseUrl}${playerResource}`, { method: 'DELETE', headers: { authorization: `Bearer ${viewToken}` } })).status,
    ).toBe(200);
    expect(
      (await fetch(`${nodes.b.baseUrl}${playerResource}`, { method: 'DELETE', headers: { authorization: `Bearer ${viewToken}` } })).status,
    ).toBe(404);

    // The WHIP resource, deleted through the node that did not take its POST.
    const resource = new URL(whip.headers.get('location')!).pathname;
    const viewerHeld = { authorization: `Bearer ${viewToken}` };
    expect((await fetch(`${nodes.b.baseUrl}${resource}`, { method: 'DELETE', headers: viewerHeld })).status).toBe(403);
    // Another commander's own publish token for the room passes node B's checks; node A, holding
    // the peer, refuses it: the resource is not theirs.
    const otherCommand = await signInOver(nodes.b.baseUrl, nodes.emails[2]);
    const otherPublishToken = (
      (await otherCommand.post(nodes.b.baseUrl, '/stream/join', { room: room!.id, role: 'publish' })) as unknown as { token: string }
    ).token;
    expect(
      (await fetch(`${nodes.b.baseUrl}${resource}`, { method: 'DELETE', headers: { authorization: `Bearer ${otherPublishToken}` } }))
        .status,
    ).toBe(404);
    expect(
      (await fetch(`${nodes.b.baseUrl}${resource}`, { method: 'DELETE', headers: { authorization: `Bearer ${publishToken}` } })).status,
    ).toBe(200);
    expect(
      (await fetch(`${nodes.a.baseUrl}${resource}`, { method: 'DELETE', headers: { authorization: `Bearer ${publishToken}` } })).status,
    ).toBe(404);
    // Gone within the grace with a viewer still waiting on node B: both nodes list the room as
    // reconnecting, node A too, which has no viewer of the room to hear the publisher go by.
    for (const server of [nodes.a, nodes.b]) expect(await listedOn(server)).toMatchObject({ status: 'reconnecting', publisher: null });
    await Promise.all([publisher.close(), viewer.close(), player.close()]);
  }, 180_000);

  it('counts a room’s viewers on every node, in lists and in the stats pushed to a socket, and stops counting those of a node killed', async () => {
    const command = await signInOver(nodes.a.baseUrl, nodes.emails[0]);
    const { room } = await command.post(nodes.a.baseUrl, '/stream/create', { name: 'Drone 8', kind: 'camera' });
    const viewToken = (
      (await command.post(nodes.a.baseUrl, '/stream/join', { room: room!.id, role: 'view' })) as unknown as { token: string }
    ).token;
    const c = await startServer(nodes.env);
    const player = createViewer(['VP8']);
    try {
      // A WHEP player waiting on node C for a publisher: a viewer the other nodes count.
      const whep = await fetch(`${c.baseUrl}/whep/${room!.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/sdp', authorization: `Bearer ${viewToken}` },
        body: await player.offer(),
      });
      expect(whep.status).toBe(201);
      // And a viewer over node A's signalling socket, which pushes it the room's figures.
      const signal = new WebSocket(`${nodes.a.baseUrl.replace(/^http/, 'ws')}/ws/signaling`);
      const messages: SignalingServerMessage[] = [];
      signal.on('message', (data) => messages.push(JSON.parse(String(data)) as SignalingServerMessage));
      await once(signal, 'open');
      const pinger = setInterval(() => signal.send(JSON.stringify({ type: 'ping', at: Date.now() })), 1_000);
      const socketViewer = createViewer(['VP8']);
      try {
        signal.send(JSON.stringify({ type: 'join', token: viewToken }));
        signal.send(JSON.stringify({ type: 'offer', sdp: await socketViewer.offer() }));
        await expect.poll(() => messages.some((message) => message.type === 'answer'), { timeout: 20_000 }).toBe(true);
        const pushed = () => messages.findLast((message) => message.type === 'stats')?.stats.viewers;
        const viewersOnA = async () =>
          (
            (await (await fetch(`${nodes.a.baseUrl}/stream/list`, { headers: command.headers })).json()) as {
              rooms: { id: string; viewers: number }[];
            }
          ).rooms.find((entry) => entry.id === room!.id)?.viewers;
        expect(await viewersOnA()).toBe(2);
        await expect.poll(pushed, { timeout: 20_000 }).toBe(2);
        // Killed, node C ends nothing itself: the others stop counting its viewers once it has been silent too long.
        const exited = new Promise((resolve) => c.child.once('exit', resolve));
        c.child.kill('SIGKILL');
        await exited;
        await expect.poll(viewersOnA, { timeout: 90_000, interval: 1_000 }).toBe(1);
        await expect.poll(pushed, { timeout: 20_000 }).toBe(1);
      } finally {
        clearInterval(pinger);
        signal.close();
        await socketViewer.close();
      }
    } finally {
      await player.close();
      await stopServer(c);
    }
  }, 240_000);
});
