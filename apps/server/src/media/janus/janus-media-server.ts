import Janode from 'janode';
import type { VideoRoomHandle } from 'janode/plugins/videoroom';
import type { IceCandidate } from '@argus/contracts/http/streams';
import { MediaError, type MediaEvent, type MediaRoomStats, type MediaServer, type MediaServerState } from '../media-server';
import { JanusEdge } from './janus-edge';
import { JanusInstance } from './janus-instance';
import { NO_SUCH_ROOM, ensureRoom, janusCode, publisherOf } from './janus-rooms';
import { placeRoom } from './janus-placement';
import { RoomWatch } from './janus-room-watch';

export interface JanusMediaConfig {
  /** The WebSocket API of every Janus instance, the same list on every Argus node. */
  urls: string[];
  targetBitrateKbps: number;
}

interface JanusPeer {
  roomId: string;
  role: 'publish' | 'view';
  instance: JanusInstance;
  handle: VideoRoomHandle;
  /** The publisher feed a viewer is subscribed to. */
  feed: string | null;
}

/**
 * Live video on Janus's VideoRoom plugin (docs/decisions/0076-janus-behind-the-media-server-interface.md).
 * Each room lives on the instance `placeRoom` names, so every Argus node finds it without asking;
 * a publisher's feed id is its peer id, so any node can name it. Viewers that let the server offer
 * subscribe in Janus itself; Janus's VideoRoom never answers a subscriber's offer, so viewers that
 * offer (browsers, WHEP) are served by `edge`, this node's SFU fed from Janus (janus-edge.ts).
 */
export class JanusMediaServer implements MediaServer {
  private readonly instances: Map<string, JanusInstance>;
  private readonly peers = new Map<string, JanusPeer>();
  private readonly watches = new Map<string, RoomWatch>();
  /** Viewers that offered themselves, served by this node's SFU from its subscription to Janus: their rooms. */
  private readonly edgeViewers = new Map<string, string>();
  private readonly edge: JanusEdge;
  private readonly unsubscribeEdge: () => void;
  /** One handle per instance for looking rooms up, opened on first use. */
  private readonly lookups = new Map<JanusInstance, Promise<VideoRoomHandle>>();
  private readonly listeners = new Set<(event: MediaEvent) => void>();
  state: MediaServerState = { state: 'stopped', restarts: 0, startedAt: null };

  constructor(
    private readonly config: JanusMediaConfig,
    sfu: MediaServer,
  ) {
    const connected = () => {
      if (this.state.state !== 'running') this.state = { ...this.state, state: 'running', startedAt: this.state.startedAt ?? Date.now() };
    };
    this.instances = new Map(config.urls.map((url) => [url, new JanusInstance(url, (instance) => this.lost(instance), connected)]));
    this.edge = new JanusEdge(sfu, async (roomId) => {
      const handle = await this.instanceFor(roomId).attach();
      return { handle, feed: await publisherOf(handle, roomId).catch(() => null) };
    });
    this.unsubscribeEdge = sfu.on((event) => void this.fromEdge(event));
  }

  async start(): Promise<void> {
    await Promise.all([...this.instances.values()].map((instance) => instance.connected()));
  }

  async stop(): Promise<void> {
    this.peers.clear();
    this.watches.clear();
    this.edgeViewers.clear();
    this.lookups.clear();
    this.unsubscribeEdge();
    await this.edge.stop();
    await Promise.all([...this.instances.values()].map((instance) => instance.close()));
    this.state = { ...this.state, state: 'stopped' };
  }

  on(listener: (event: MediaEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async publish(roomId: string, peerId: string, offerSdp: string): Promise<string> {
    const instance = this.instanceFor(roomId);
    const handle = await instance.attach();
    try {
      await ensureRoom(handle, roomId, this.config.targetBitrateKbps);
      const joined = await handle.joinConfigurePublisher({
        room: roomId,
        feed: peerId,
        display: peerId,
        bitrate: this.config.targetBitrateKbps * 1000,
        jsep: { type: 'offer', sdp: offerSdp },
      });
      if (!joined.jsep) throw new MediaError('bad_sdp', 'Janus accepted the publisher but sent no answer.');
      this.track(peerId, { roomId, role: 'publish', instance, handle, feed: peerId });
      // The newest publisher wins, wherever the earlier one was published.
      await this.kickOtherPublishers(handle, roomId, peerId);
      return joined.jsep.sdp;
    } catch (error) {
      await handle.detach().catch(() => undefined);
      throw mediaError(error, 'bad_sdp');
    }
  }

  async view(roomId: string, peerId: string, offerSdp: string): Promise<string> {
    const bridge = await this.edge.ensure(roomId).catch((error: unknown) => {
      throw mediaError(error, 'media_unavailable');
    });
    const answer = await this.edge.sfu.view(roomId, peerId, offerSdp);
    this.edgeViewers.set(peerId, roomId);
    await this.watch(roomId, this.instanceFor(roomId));
    // Nobody published a moment ago: one who came before the watch listened would go unheard.
    if (!bridge) await this.edge.ensure(roomId).catch(() => null);
    return answer;
  }

  async viewOffer(roomId: string, peerId: string): Promise<string> {
    const instance = this.instanceFor(roomId);
    const handle = await instance.attach();
    try {
      const feed = await publisherOf(handle, roomId);
      if (!feed) throw new MediaError('media_unavailable', 'Nobody is publishing to this room yet. Try again once the video is live.');
      const joined = await handle.joinSubscriber({ room: roomId, feed });
      if (!joined.jsep) throw new MediaError('media_unavailable', 'Janus subscribed the viewer but sent no offer.');
      this.track(peerId, { roomId, role: 'view', instance, handle, feed });
      await this.watch(roomId, instance);
      return joined.jsep.sdp;
    } catch (error) {
      this.peers.delete(peerId);
      await handle.detach().catch(() => undefined);
      throw mediaError(error, 'media_unavailable');
    }
  }

  async answer(peerId: string, answerSdp: string): Promise<void> {
    if (this.edgeViewers.has(peerId)) return this.edge.sfu.answer(peerId, answerSdp);
    const peer = this.peer(peerId);
    if (peer.role !== 'view') throw new MediaError('out_of_order', 'Only a viewer answers the media server’s offer.');
    await peer.handle.start({ jsep: { type: 'answer', sdp: answerSdp } }).catch((error: unknown) => {
      throw mediaError(error, 'bad_sdp');
    });
  }

  async addIceCandidate(peerId: string, candidate: IceCandidate | null): Promise<void> {
    if (this.edgeViewers.has(peerId)) return this.edge.sfu.addIceCandidate(peerId, candidate);
    await this.peer(peerId)
      .handle.trickle(candidate)
      .catch((error: unknown) => {
        throw mediaError(error, 'bad_sdp');
      });
  }

  async closePeer(peerId: string): Promise<void> {
    const edgeRoom = this.edgeViewers.get(peerId);
    if (edgeRoom !== undefined) {
      this.edgeViewers.delete(peerId);
      await this.edge.sfu.closePeer(peerId);
      if (![...this.edgeViewers.values()].includes(edgeRoom)) await this.edge.close(edgeRoom);
      return this.unwatchIfIdle(edgeRoom);
    }
    const peer = this.peers.get(peerId);
    if (!peer) return;
    this.peers.delete(peerId);
    await peer.handle.detach().catch(() => undefined);
    await this.unwatchIfIdle(peer.roomId);
  }

  async closeRoom(roomId: string): Promise<void> {
    for (const [peerId, peer] of this.peers) if (peer.roomId === roomId) await this.closePeer(peerId);
    for (const [peerId, room] of this.edgeViewers) if (room === roomId) await this.closePeer(peerId);
    const handle = await this.instanceFor(roomId).attach();
    try {
      await handle.destroy({ room: roomId }).catch((error: unknown) => {
        if (janusCode(error) !== NO_SUCH_ROOM) throw mediaError(error, 'media_unavailable');
      });
    } finally {
      await handle.detach().catch(() => undefined);
    }
  }

  /**
   * Who is in each room through this node. Janus's plugin API reports no bitrate, frame rate,
   * loss or round-trip time (its Admin API does, per handle), so the publisher's figures are
   * null, unless this node's SFU receives the room from Janus: then they are what it receives.
   */
  async stats(): Promise<MediaRoomStats[]> {
    const rooms = new Map<string, MediaRoomStats>();
    if (this.edgeViewers.size > 0) {
      for (const entry of await this.edge.sfu.stats()) {
        const viewerPeerIds = entry.viewerPeerIds.filter((peerId) => this.edgeViewers.has(peerId));
        rooms.set(entry.roomId, { ...entry, publisherPeerId: null, viewerPeerIds });
      }
    }
    for (const [peerId, peer] of this.peers) {
      const room = rooms.get(peer.roomId) ?? {
        roomId: peer.roomId,
        publisherPeerId: null,
        viewerPeerIds: [],
        publisher: null,
        egressKbps: 0,
        viewerRttMs: null,
      };
      if (peer.role === 'publish') room.publisherPeerId = peerId;
      else room.viewerPeerIds.push(peerId);
      rooms.set(peer.roomId, room);
    }
    return [...rooms.values()];
  }

  /** Asks each room's Janus who publishes there; a Janus that does not answer lists nobody, so a room list still answers. */
  async publishersElsewhere(roomIds: readonly string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    await Promise.all(
      roomIds.map(async (roomId) => {
        const feed = await this.lookup(this.instanceFor(roomId))
          .then((handle) => publisherOf(handle, roomId))
          .catch(() => null);
        if (feed && !this.peers.has(feed)) found.set(roomId, feed);
      }),
    );
    return found;
  }

  private lookup(instance: JanusInstance): Promise<VideoRoomHandle> {
    let handle = this.lookups.get(instance);
    if (!handle) {
      handle = instance.attach();
      this.lookups.set(instance, handle);
      handle.catch(() => this.lookups.delete(instance));
    }
    return handle;
  }

  private instanceFor(roomId: string): JanusInstance {
    return this.instances.get(placeRoom(roomId, this.config.urls))!;
  }

  private peer(peerId: string): JanusPeer {
    const peer = this.peers.get(peerId);
    if (!peer) throw new MediaError('peer_not_found', 'No such video connection on this server.');
    return peer;
  }

  /** Keeps a peer, and reports it failed when Janus hangs it up without being asked (ICE or DTLS failed, kicked). */
  private track(peerId: string, peer: JanusPeer): void {
    this.peers.set(peerId, peer);
    const failed = () => {
      if (this.peers.get(peerId) !== peer) return;
      this.peers.delete(peerId);
      void peer.handle.detach().catch(() => undefined);
      this.broadcast({ type: 'peer-failed', peerId });
    };
    peer.handle.once(Janode.EVENT.HANDLE_ICE_FAILED, failed);
    peer.handle.once(Janode.EVENT.HANDLE_HANGUP, failed);
    peer.handle.once(Janode.EVENT.HANDLE_DETACHED, failed);
  }

  private async kickOtherPublishers(handle: VideoRoomHandle, roomId: string, peerId: string): Promise<void> {
    const { participants } = await handle.listParticipants({ room: roomId });
    for (const participant of participants) {
      if (!participant.publisher || participant.feed === peerId) continue;
      // One of this node's: the stream service ends it itself, so it is dropped without a report.
      const local = this.peers.get(participant.feed);
      if (local) this.peers.delete(participant.feed);
      await handle.kick({ room: roomId, feed: participant.feed }).catch(() => undefined);
      if (local) await local.handle.detach().catch(() => undefined);
    }
  }

  /** Viewers on this node hear their publisher leave and come back through a participant that only listens. */
  private async watch(roomId: string, instance: JanusInstance): Promise<void> {
    if (this.watches.has(roomId)) return;
    const watch = new RoomWatch(roomId, instance, this.config.targetBitrateKbps, {
      left: () => this.broadcast({ type: 'publisher-left', roomId }),
      back: () => this.broadcast({ type: 'publisher-back', roomId }),
      newPublisher: (newFeed) => this.resubscribe(roomId, newFeed),
    });
    this.watches.set(roomId, watch);
    await watch.start().catch((error: unknown) => {
      this.watches.delete(roomId);
      throw error;
    });
  }

  /**
   * A viewer of Janus is subscribed to one publisher's feed; when another publisher takes the room,
   * each viewer here is told to connect again, which subscribes it to the new feed.
   */
  private resubscribe(roomId: string, feed: string): void {
    if ([...this.edgeViewers.values()].includes(roomId)) void this.edge.follow(roomId, feed).catch(() => undefined);
    for (const [peerId, peer] of this.peers) {
      if (peer.roomId !== roomId || peer.role !== 'view' || peer.feed === feed) continue;
      this.peers.delete(peerId);
      void peer.handle.detach().catch(() => undefined);
      this.broadcast({ type: 'peer-failed', peerId });
    }
  }

  private async unwatchIfIdle(roomId: string): Promise<void> {
    const watch = this.watches.get(roomId);
    if (!watch || [...this.edgeViewers.values()].includes(roomId)) return;
    if ([...this.peers.values()].some((peer) => peer.roomId === roomId && peer.role === 'view')) return;
    this.watches.delete(roomId);
    await watch.stop();
  }

  /**
   * What this node's SFU reports: its viewers' failures and restarts go on; its publisher is the
   * bridge from Janus, whose leaving and coming back the room watch reports instead.
   */
  private async fromEdge(event: MediaEvent): Promise<void> {
    if (event.type === 'restarted') {
      this.edgeViewers.clear();
      this.broadcast(event);
    } else if (event.type === 'peer-failed') {
      if (this.edgeViewers.delete(event.peerId)) this.broadcast(event);
      else if (await this.edge.isBridge(event.peerId)) await this.edge.dropBridge(event.peerId);
    }
  }

  /** The session on an instance was lost: every peer of this node there is gone, as after the SFU's restart. */
  private lost(instance: JanusInstance): void {
    let any = false;
    for (const [peerId, peer] of this.peers) {
      if (peer.instance !== instance) continue;
      this.peers.delete(peerId);
      any = true;
    }
    for (const [roomId, watch] of this.watches) if (watch.instance === instance) this.watches.delete(roomId);
    this.lookups.delete(instance);
    // Until a node asks again and the session is opened anew, as the SFU's state reads while it restarts.
    this.state = { ...this.state, state: 'restarting', restarts: this.state.restarts + 1 };
    if (any) this.broadcast({ type: 'restarted' });
  }

  private broadcast(event: MediaEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

function mediaError(error: unknown, code: MediaError['code']): MediaError {
  if (error instanceof MediaError) return error;
  const message =
    typeof error === 'object' && error !== null && 'error' in error && typeof error.error === 'string'
      ? error.error
      : error instanceof Error
        ? error.message
        : String(error);
  return new MediaError(code, `Janus refused: ${message}`);
}
