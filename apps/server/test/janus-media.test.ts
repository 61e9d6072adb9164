import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JanusMediaServer } from '../src/media/janus/janus-media-server';
import { placeRoom } from '../src/media/janus/janus-placement';
import type { MediaEvent, MediaServer } from '../src/media/media-server';
import { SfuSupervisor } from '../src/media/sfu-supervisor';
import { createPublisher, createViewer } from '../src/media/werift-client';
import { hasJanus, startJanus, type JanusProcess } from './janus-process';

/**
 * The Janus media server (docs/decisions/0076-janus-behind-the-media-server-interface.md) against
 * Debian's janus: two Argus media servers — as two nodes would hold — on one Janus, a werift
 * publisher through one and a werift viewer through the other.
 */
if (!hasJanus) {
  if (process.env.CI) throw new Error('janus is required in CI (scripts/test.mjs installs it)');
  console.warn('janus is not installed: the Janus media server tests are SKIPPED on this machine.');
}

/** A werift publisher connected through `node` and sending VP8 into `roomId`. */
async function publishing(node: MediaServer, roomId: string) {
  const client = createPublisher('VP8');
  const id = randomUUID();
  await client.accept(await node.publish(roomId, id, await client.offer()));
  await client.connected();
  client.startSending();
  return { client, id };
}

/** A werift viewer that offers (as a browser or WHEP player does), connected through `node` to `roomId`. */
async function viewing(node: MediaServer, roomId: string) {
  const client = createViewer(['VP8']);
  const id = randomUUID();
  await client.accept(await node.view(roomId, id, await client.offer()));
  await client.connected();
  return { client, id };
}

describe.skipIf(!hasJanus)('Janus behind the MediaServer interface', () => {
  let janus: JanusProcess;
  let nodeA: JanusMediaServer;
  let nodeB: JanusMediaServer;
  const eventsOnB: MediaEvent[] = [];

  beforeAll(async () => {
    janus = await startJanus();
    const node = () =>
      new JanusMediaServer(
        { urls: [janus.url], targetBitrateKbps: 1500 },
        new SfuSupervisor({ iceServers: [], portRange: null, additionalHostAddresses: [], targetBitrateKbps: 1500 }),
      );
    nodeA = node();
    nodeB = node();
    nodeB.on((event) => eventsOnB.push(event));
    await Promise.all([nodeA.start(), nodeB.start()]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([nodeA?.stop(), nodeB?.stop()]);
    await janus?.stop();
  });

  it('carries video published through one node to a viewer through the other, who hears the publisher leave and come back', async () => {
    const roomId = `room-${randomUUID()}`;
    const { client: publisher, id: publisherId } = await publishing(nodeA, roomId);

    const viewer = createViewer(['VP8'], { serverOffers: true });
    const viewerId = randomUUID();
    const offer = await nodeB.viewOffer(roomId, viewerId);
    await nodeB.answer(viewerId, await viewer.answer(offer));
    await viewer.connected();
    await viewer.receive(20, 20_000);
    expect((await nodeB.stats()).find((room) => room.roomId === roomId)?.viewerPeerIds).toEqual([viewerId]);
    expect((await nodeA.stats()).find((room) => room.roomId === roomId)?.publisherPeerId).toBe(publisherId);

    await nodeA.closePeer(publisherId);
    await publisher.close();
    await expect.poll(() => eventsOnB, { timeout: 20_000 }).toContainEqual({ type: 'publisher-left', roomId });

    // A new publisher: the viewer on the other node hears it is back, and is told to subscribe again.
    const next = createPublisher('VP8');
    const nextId = randomUUID();
    await next.accept(await nodeA.publish(roomId, nextId, await next.offer()));
    await expect.poll(() => eventsOnB, { timeout: 20_000 }).toContainEqual({ type: 'publisher-back', roomId });
    await expect.poll(() => eventsOnB, { timeout: 20_000 }).toContainEqual({ type: 'peer-failed', peerId: viewerId });
    await Promise.all([next.close(), viewer.close()]);
    await nodeA.closeRoom(roomId);
  }, 120_000);

  it('serves a viewer that offers (a browser, WHEP) from the node’s SFU fed by Janus, and keeps it when another publisher takes over', async () => {
    const roomId = `room-${randomUUID()}`;
    const { client: publisher } = await publishing(nodeA, roomId);

    const { client: viewer, id: viewerId } = await viewing(nodeB, roomId);
    await viewer.receive(20, 20_000);
    expect((await nodeB.stats()).find((room) => room.roomId === roomId)).toMatchObject({
      publisherPeerId: null,
      viewerPeerIds: [viewerId],
    });

    // A new publisher through the other node replaces the first; the same viewer connection receives it.
    const { client: next, id: nextId } = await publishing(nodeA, roomId);
    await publisher.close();
    await viewer.receive(20, 30_000);
    expect(eventsOnB).not.toContainEqual({ type: 'peer-failed', peerId: viewerId });

    // The kicked publisher is gone from the other node's view of the room: the new one leaving is the last.
    const lefts = () => eventsOnB.filter((event) => event.type === 'publisher-left' && event.roomId === roomId).length;
    const leftBefore = lefts();
    await nodeA.closePeer(nextId);
    await expect.poll(lefts, { timeout: 20_000 }).toBe(leftBefore + 1);

    await nodeB.closePeer(viewerId);
    await Promise.all([next.close(), viewer.close()]);
    await nodeA.closeRoom(roomId);
  }, 120_000);

  it('lets viewers wait for the publisher, whether they offer or the server offers to them, as on one node', async () => {
    const roomId = `room-${randomUUID()}`;
    const { client: viewer, id: viewerId } = await viewing(nodeB, roomId);
    // Nobody publishes yet, so Janus has nobody to subscribe it to: the node's SFU offers, and feeds it once a publisher comes.
    const offered = createViewer(['VP8'], { serverOffers: true });
    const offeredId = randomUUID();
    await nodeB.publishersElsewhere([roomId]);
    // The handles the media server attaches for its own peers and lookups (the edge's subscription to the room aside).
    const attach = vi.spyOn(nodeB as unknown as { attach: () => Promise<unknown> }, 'attach');
    const offer = await nodeB.viewOffer(roomId, offeredId);
    // Janus is asked on the handle kept for lookups: a viewer waiting at the node's SFU attaches none of its own.
    expect(attach.mock.calls.length).toBe(0);
    attach.mockRestore();
    await nodeB.answer(offeredId, await offered.answer(offer));
    await offered.connected();

    const publisher = createPublisher('VP8');
    await publisher.accept(await nodeA.publish(roomId, randomUUID(), await publisher.offer()));
    await publisher.connected();
    publisher.startSending();
    await viewer.receive(20, 30_000);
    await offered.receive(20, 30_000);
    expect((await nodeB.stats()).find((room) => room.roomId === roomId)?.viewerPeerIds.sort()).toEqual([viewerId, offeredId].sort());
    await nodeB.closePeer(viewerId);
    await nodeB.closePeer(offeredId);
    await Promise.all([publisher.close(), viewer.close(), offered.close()]);
    await nodeA.closeRoom(roomId);
  }, 120_000);

  it('carries the publisher’s telemetry over the data channel to viewers on another node and on its own', async () => {
    const roomId = `room-${randomUUID()}`;
    const { client: publisher } = await publishing(nodeA, roomId);
    const { client: edgeViewer, id: edgeViewerId } = await viewing(nodeB, roomId);
    // Subscribed in Janus itself: Janus sends it data only once it has opened a data channel of its own.
    const offered = createViewer(['VP8'], { serverOffers: true, opensChannel: true });
    const offeredId = randomUUID();
    await nodeA.answer(offeredId, await offered.answer(await nodeA.viewOffer(roomId, offeredId)));
    await offered.connected();
    await Promise.all([edgeViewer.receive(20, 20_000), offered.receive(20, 20_000)]);

    const telemetry = JSON.stringify({ type: 'telemetry', lat: 51.5, lon: -0.12, heading: 90, battery: 0.8, at: Date.now() });
    const sending = setInterval(() => publisher.telemetry.readyState === 'open' && publisher.telemetry.send(telemetry), 200);
    try {
      await expect.poll(() => edgeViewer.telemetry, { timeout: 20_000 }).toContain(telemetry);
      await expect.poll(() => offered.telemetry, { timeout: 20_000 }).toContain(telemetry);
    } finally {
      clearInterval(sending);
    }
    await nodeB.closePeer(edgeViewerId);
    await nodeA.closePeer(offeredId);
    await Promise.all([publisher.close(), edgeViewer.close(), offered.close()]);
    await nodeA.closeRoom(roomId);
  }, 120_000);

  it('tells a publisher replaced through another node that it was replaced, not to reconnect', async () => {
    const roomId = `room-${randomUUID()}`;
    const first = createPublisher('VP8');
    const firstId = randomUUID();
    await first.accept(await nodeB.publish(roomId, firstId, await first.offer()));
    await first.connected();

    const next = createPublisher('VP8');
    await next.accept(await nodeA.publish(roomId, randomUUID(), await next.offer()));
    await expect.poll(() => eventsOnB, { timeout: 20_000 }).toContainEqual({ type: 'publisher-replaced', peerId: firstId });
    expect(eventsOnB).not.toContainEqual({ type: 'peer-failed', peerId: firstId });
    expect((await nodeB.stats()).find((room) => room.roomId === roomId)).toBeUndefined();
    await Promise.all([first.close(), next.close()]);
    await nodeA.closeRoom(roomId);
  }, 120_000);

  it('lets viewers through another node go when a room is closed, and hears the room when its id is used again', async () => {
    const roomId = `room-${randomUUID()}`;
    const publisher = createPublisher('VP8');
    await publisher.accept(await nodeA.publish(roomId, randomUUID(), await publisher.offer()));
    await publisher.connected();
    publisher.startSending();
    const { client: viewer, id: viewerId } = await viewing(nodeB, roomId);
    await viewer.receive(5, 20_000);

    await nodeA.closeRoom(roomId);
    await expect.poll(() => eventsOnB, { timeout: 20_000 }).toContainEqual({ type: 'peer-failed', peerId: viewerId });
    expect((await nodeB.stats()).find((room) => room.roomId === roomId)?.viewerPeerIds ?? []).toEqual([]);
    await Promise.all([publisher.close(), viewer.close()]);

    // The same room id again (a unit's room reopened): node B hears its new publisher come and go.
    const lefts = () => eventsOnB.filter((event) => event.type === 'publisher-left' && event.roomId === roomId).length;
    const leftBefore = lefts();
    const { client: again, id: againId } = await viewing(nodeB, roomId);
    const { client: back, id: backId } = await publishing(nodeA, roomId);
    await again.receive(20, 30_000);
    await nodeA.closePeer(backId);
    await expect.poll(lefts, { timeout: 20_000 }).toBe(leftBefore + 1);
    await nodeB.closePeer(againId);
    await Promise.all([back.close(), again.close()]);
    await nodeA.closeRoom(roomId);
  }, 120_000);

  it('when one Janus is lost, reports failed only the peers in its rooms, viewers that offered included', async () => {
    const other = await startJanus();
    const urls = [janus.url, other.url];
    const node = new JanusMediaServer(
      { urls, targetBitrateKbps: 1500 },
      new SfuSupervisor({ iceServers: [], portRange: null, additionalHostAddresses: [], targetBitrateKbps: 1500 }),
    );
    const events: MediaEvent[] = [];
    node.on((event) => events.push(event));
    try {
      const roomOn = (url: string) => {
        for (;;) {
          const roomId = `room-${randomUUID()}`;
          if (placeRoom(roomId, urls) === url) return roomId;
        }
      };
      const lostRoom = roomOn(other.url);
      const keptRoom = roomOn(janus.url);
      const peers = new Map<string, { id: string; close(): Promise<void> }[]>();
      for (const roomId of [lostRoom, keptRoom]) {
        const { client: publisher, id: publisherId } = await publishing(node, roomId);
        const { client: viewer, id: viewerId } = await viewing(node, roomId);
        await viewer.receive(5, 20_000);
        peers.set(roomId, [
          { id: publisherId, close: () => publisher.close() },
          { id: viewerId, close: () => viewer.close() },
        ]);
      }

      await other.stop();
      for (const { id } of peers.get(lostRoom)!) {
        await expect.poll(() => events, { timeout: 20_000 }).toContainEqual({ type: 'peer-failed', peerId: id });
      }
      expect(node.state.state).toBe('restarting');
      expect(events).not.toContainEqual({ type: 'restarted' });
      for (const { id } of peers.get(keptRoom)!) expect(events).not.toContainEqual({ type: 'peer-failed', peerId: id });
      const kept = (await node.stats()).find((room) => room.roomId === keptRoom);
      expect(kept?.viewerPeerIds).toEqual([peers.get(keptRoom)![1]!.id]);
      expect((await node.stats()).find((room) => room.roomId === lostRoom)?.viewerPeerIds ?? []).toEqual([]);
      for (const list of peers.values()) for (const peer of list) await peer.close();
      await node.closeRoom(keptRoom);
    } finally {
      await node.stop();
      await other.stop();
    }
  }, 120_000);

  it('after the node’s own SFU restarts, reports its viewers failed and feeds the next viewer through a new bridge', async () => {
    const sfu = new SfuSupervisor({ iceServers: [], portRange: null, additionalHostAddresses: [], targetBitrateKbps: 1500 });
    const node = new JanusMediaServer({ urls: [janus.url], targetBitrateKbps: 1500 }, sfu);
    const events: MediaEvent[] = [];
    node.on((event) => events.push(event));
    const roomId = `room-${randomUUID()}`;
    const publisher = createPublisher('VP8');
    try {
      await publisher.accept(await nodeA.publish(roomId, randomUUID(), await publisher.offer()));
      await publisher.connected();
      publisher.startSending();
      const { client: viewer, id: viewerId } = await viewing(node, roomId);
      await viewer.receive(5, 20_000);

      const pid = sfu.pid!;
      process.kill(pid, 'SIGKILL');
      await expect.poll(() => events, { timeout: 30_000 }).toContainEqual({ type: 'peer-failed', peerId: viewerId });
      await expect.poll(() => sfu.pid !== undefined && sfu.pid !== pid, { timeout: 30_000 }).toBe(true);
      await viewer.close();

      const { client: again, id: againId } = await viewing(node, roomId);
      await again.receive(20, 30_000);
      await node.closePeer(againId);
      await again.close();
    } finally {
      await publisher.close();
      await node.stop();
      await nodeA.closeRoom(roomId);
    }
  }, 120_000);
});
