import type { VideoRoomHandle } from 'janode/plugins/videoroom';
import type { IceCandidate } from '@argus/contracts/http/streams';
import { MediaError, type MediaEvent, type MediaRoomStats, type MediaServer, type MediaServerState } from '../media-server';
import { JanusEdge } from './janus-edge';
import { EdgeViewers } from './janus-edge-viewers';
import { mediaError } from './janus-errors';
import { JanusInstance } from './janus-instance';
import { RoomLookups } from './janus-lookups';
import { JanusPeers, type JanusPeer } from './janus-peers';
import { NO_SUCH_ROOM, ensureRoom, janusCode, joinAsPublisher, joinAsSubscriber, publisherOf } from './janus-rooms';
import { placeRoom } from './janus-placement';
import { RoomWatches } from './janus-room-watches';

export interface JanusMediaConfig {
  /** The WebSocket API of every Janus instance, the same list on every Argus node. */
  urls: string[];
  targetBitrateKbps: number;
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
  private readonly peers = new JanusPeers();
  /** Viewers on this node hear their publisher leave and come back through a participant that only listens. */
  private readonly watches: RoomWatches;
  private readonly edgeViewers: EdgeViewers;
  private readonly edge: JanusEdge;
  private readonly unsubscribeEdge: () => void;
  private readonly lookups = new RoomLookups((instance) => this.attach(instance));
  private readonly listeners = new Set<(event: MediaEvent) => void>();
  state: MediaServerState = { state: 'stopped', restarts: 0, startedAt: null };
  /** Set by `stop`: a request arriving late must not open a Janus session again. */
  private stopped = false;

  constructor(
    private readonly config: JanusMediaConfig,
    sfu: MediaServer,
  ) {
    const connected = () => {
      if (this.state.state !== 'running') this.state = { ...this.state, state: 'running', startedAt: this.state.startedAt ?? Date.now() };
    };
    this.instances = new Map(config.urls.map((url) => [url, new JanusInstance(url, (instance) => this.lost(instance), connected)]));
    this.watches = new RoomWatches(config.targetBitrateKbps, {
      left: (roomId) => this.broadcast({ type: 'publisher-left', roomId }),
      back: (roomId) => this.broadcast({ type: 'publisher-back', roomId }),
      newPublisher: (roomId, feed) => this.resubscribe(roomId, feed),
      ended: (roomId) => this.roomEnded(roomId),
    });
    this.edge = new JanusEdge(sfu, async (roomId) => {
      const handle = await this.instanceFor(roomId).attach();
      // The watch knows which publisher joined last; Janus's participant list does not say (a replaced one may still be listed).
      const feed = this.watches.get(roomId)?.newest ?? (await publisherOf(handle, roomId).catch(() => null));
      return { handle, feed };
    });
    this.edgeViewers = new EdgeViewers(this.edge);
    this.unsubscribeEdge = sfu.on((event) => void this.fromEdge(event));
  }

  async start(): Promise<void> {
    await Promise.all([...this.instances.values()].map((instance) => instance.connected()));
  }

  async stop(): Promise<void> {
    this.stopped = true;
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
    const handle = await this.attach(instance);
    try {
      await ensureRoom(handle, roomId, this.config.targetBitrateKbps);
      const answer = await joinAsPublisher(handle, roomId, peerId, offerSdp, this.config.targetBitrateKbps);
      this.track(peerId, { roomId, role: 'publish', instance, handle, feed: peerId });
      // The newest publisher wins, wherever the earlier one was published.
      await this.kickOtherPublishers(handle, roomId, peerId);
      return answer;
    } catch (error) {
      this.peers.remove(peerId);
      await handle.detach().catch(() => undefined);
      throw mediaError(error, 'media_unavailable');
    }
  }

  view(roomId: string, peerId: string, offerSdp: string): Promise<string> {
    return this.viewAtEdge(roomId, peerId, offerSdp);
  }

  /**
   * A viewer served by this node's SFU, fed from Janus (janus-edge.ts): one that offers (Janus's
   * VideoRoom answers no subscriber), or, with `offerSdp` null, one the server offers to while
   * nobody publishes in Janus (Janus can subscribe nobody to a publisher that is not there): it
   * waits in the SFU, as on one node, and is fed once a publisher comes.
   */
  private async viewAtEdge(roomId: string, peerId: string, offerSdp: string | null): Promise<string> {
    this.refuseWhenStopped();
    const bridge = await this.edge.ensure(roomId).catch((error: unknown) => {
      throw mediaError(error, 'media_unavailable');
    });
    const answer = await this.edgeViewers.add(roomId, peerId, offerSdp);
    try {
      const watch = await this.watches.open(roomId, this.instanceFor(roomId));
      // Nobody published a moment ago (one who came before the watch listened would go unheard), or
      // the bridge took a replaced publisher Janus still listed: the watch knows the newest.
      const newest = watch.newest;
      if (newest !== null && bridge?.feed !== newest) await this.edge.follow(roomId, newest).catch(() => undefined);
    } catch (error) {
      await this.release(peerId);
      throw mediaError(error, 'media_unavailable');
    }
    return answer;
  }

  async viewOffer(roomId: string, peerId: string): Promise<string> {
    const instance = this.instanceFor(roomId);
    // Asked on the lookups' kept handle: a viewer that waits for a publisher (at the node's SFU) needs no handle of its own.
    const feed = await this.lookups.publisherOf(instance, roomId).catch((error: unknown) => {
      throw mediaError(error, 'media_unavailable');
    });
    if (!feed) return this.viewAtEdge(roomId, peerId, null);
    const handle = await this.attach(instance);
    try {
      const offer = await joinAsSubscriber(handle, roomId, feed);
      this.track(peerId, { roomId, role: 'view', instance, handle, feed });
      await this.watches.open(roomId, instance);
      return offer;
    } catch (error) {
      this.peers.remove(peerId);
      await handle.detach().catch(() => undefined);
      await this.unwatchIfIdle(roomId);
      throw mediaError(error, 'media_unavailable');
    }
  }

  async answer(peerId: string, answerSdp: string): Promise<void> {
    if (this.edgeViewers.has(peerId)) return this.edgeViewers.answer(peerId, answerSdp);
    const peer = this.peers.require(peerId);
    if (peer.role !== 'view') throw new MediaError('out_of_order', 'Only a viewer answers the media server’s offer.');
    await peer.handle.start({ jsep: { type: 'answer', sdp: answerSdp } }).catch((error: unknown) => {
      throw mediaError(error, 'bad_sdp');
    });
  }

  async addIceCandidate(peerId: string, candidate: IceCandidate | null): Promise<void> {
    if (this.edgeViewers.has(peerId)) return this.edgeViewers.addIceCandidate(peerId, candidate);
    await this.peers
      .require(peerId)
      .handle.trickle(candidate)
      .catch((error: unknown) => {
        throw mediaError(error, 'bad_sdp');
      });
  }

  async closePeer(peerId: string): Promise<void> {
    await this.release(peerId);
  }

  /**
   * The one way a peer of this node goes, closed or failed: its SFU peer or Janus handle, then the
   * room's bridge and watch once no viewer here needs them. The stream service ends a failed peer
   * without closing its media, so a failure must release it here or the node keeps pulling the room.
   */
  private async release(peerId: string): Promise<void> {
    const edgeRoom = await this.edgeViewers.release(peerId);
    if (edgeRoom !== null) return this.unwatchIfIdle(edgeRoom);
    const peer = this.peers.remove(peerId);
    if (!peer) return;
    await peer.handle.detach().catch(() => undefined);
    await this.unwatchIfIdle(peer.roomId);
  }

  /** A peer of this node is gone without being asked: released, and reported so its client reconnects. */
  private failed(peerId: string): void {
    void this.release(peerId);
    this.broadcast({ type: 'peer-failed', peerId });
  }

  async closeRoom(roomId: string): Promise<void> {
    for (const [peerId, peer] of this.peers.entries()) if (peer.roomId === roomId) await this.closePeer(peerId);
    for (const peerId of this.edgeViewers.where((room) => room === roomId)) await this.closePeer(peerId);
    const handle = await this.attach(this.instanceFor(roomId));
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
    const rooms = new Map((await this.edgeViewers.stats()).map((entry) => [entry.roomId, entry]));
    this.peers.addTo(rooms);
    return [...rooms.values()];
  }

  /** Asks each room's Janus who publishes there; a Janus that does not answer lists nobody, so a room list still answers. */
  async publishersElsewhere(roomIds: readonly string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    await Promise.all(
      roomIds.map(async (roomId) => {
        const feed = await this.lookups.publisherOf(this.instanceFor(roomId), roomId).catch(() => null);
        if (feed && !this.peers.has(feed)) found.set(roomId, feed);
      }),
    );
    return found;
  }

  /** A handle on the instance, refused once stopped: a late request would otherwise open a session that nothing closes. */
  private attach(instance: JanusInstance): Promise<VideoRoomHandle> {
    this.refuseWhenStopped();
    return instance.attach();
  }

  private refuseWhenStopped(): void {
    if (this.stopped) throw new MediaError('media_unavailable', 'The media server is stopping.');
  }

  private instanceFor(roomId: string): JanusInstance {
    return this.instances.get(placeRoom(roomId, this.config.urls))!;
  }

  /**
   * Keeps a peer, and reports it failed when Janus hangs it up without being asked (ICE or DTLS
   * failed), or replaced when a newer publisher kicked it through another node: told to reconnect,
   * it would take the room back and the two would take turns for ever.
   */
  private track(peerId: string, peer: JanusPeer): void {
    this.peers.add(peerId, peer, (kicked) => {
      if (!kicked) return this.failed(peerId);
      void this.release(peerId);
      this.broadcast({ type: 'publisher-replaced', peerId });
    });
  }

  private async kickOtherPublishers(handle: VideoRoomHandle, roomId: string, peerId: string): Promise<void> {
    const { participants } = await handle.listParticipants({ room: roomId });
    for (const participant of participants) {
      if (!participant.publisher || participant.feed === peerId) continue;
      // One of this node's: the stream service ends it itself, so it is dropped without a report.
      const local = this.peers.remove(participant.feed);
      await handle.kick({ room: roomId, feed: participant.feed }).catch(() => undefined);
      if (local) await local.handle.detach().catch(() => undefined);
    }
  }

  /**
   * The room was destroyed in Janus (closed through some node; its id may be used again) or the
   * watch put out of it: the watch hears no more, and the bridge feeds from a room that is gone.
   * Each viewer here is told to reconnect, which finds the room as it is now.
   */
  private roomEnded(roomId: string): void {
    for (const peerId of this.edgeViewers.where((room) => room === roomId)) this.failed(peerId);
    for (const [peerId, peer] of this.peers.entries()) if (peer.roomId === roomId && peer.role === 'view') this.failed(peerId);
    void this.edge.close(roomId).catch(() => undefined);
  }

  /**
   * A viewer of Janus is subscribed to one publisher's feed; when another publisher takes the room,
   * each viewer here is told to connect again, which subscribes it to the new feed.
   */
  private resubscribe(roomId: string, feed: string): void {
    if (this.edgeViewers.inRoom(roomId)) void this.edge.follow(roomId, feed).catch(() => undefined);
    for (const [peerId, peer] of this.peers.entries()) {
      if (peer.roomId !== roomId || peer.role !== 'view' || peer.feed === feed) continue;
      this.failed(peerId);
    }
  }

  private async unwatchIfIdle(roomId: string): Promise<void> {
    const watch = this.watches.get(roomId);
    if (!watch || this.edgeViewers.inRoom(roomId)) return;
    if (this.peers.hasViewerIn(roomId)) return;
    await this.watches.close(roomId);
  }

  /**
   * What this node's SFU reports: its viewers' failures and restarts go on; its publisher is the
   * bridge from Janus, whose leaving and coming back the room watch reports instead.
   */
  private async fromEdge(event: MediaEvent): Promise<void> {
    if (event.type === 'restarted') {
      // Every SFU peer is gone, the bridges' SFU side too: they are let go so the next viewer opens new ones.
      await this.edge.reset();
      for (const peerId of this.edgeViewers.where(() => true)) this.failed(peerId);
    } else if (event.type === 'peer-failed') {
      if (this.edgeViewers.has(event.peerId)) this.failed(event.peerId);
      else if (await this.edge.isBridge(event.peerId)) {
        const roomId = await this.edge.dropBridge(event.peerId);
        // The room's viewers here would otherwise stay black until the next viewer came.
        if (roomId !== null && this.edgeViewers.inRoom(roomId)) await this.edge.ensure(roomId).catch(() => null);
      }
    }
  }

  /**
   * The session on an instance was lost (Janus restarted, the network broke): every handle of this
   * node there is gone. Only the peers in that instance's rooms are reported failed, so they
   * reconnect, and the bridges feeding this node's SFU from it are closed; peers on other instances
   * are untouched.
   */
  private lost(instance: JanusInstance): void {
    const onInstance = (roomId: string) => this.instanceFor(roomId) === instance;
    this.watches.dropInstance(instance);
    this.lookups.forget(instance);
    for (const [peerId, peer] of this.peers.entries()) if (peer.instance === instance) this.failed(peerId);
    for (const peerId of this.edgeViewers.where(onInstance)) this.failed(peerId);
    for (const roomId of this.edge.rooms()) if (onInstance(roomId)) void this.edge.close(roomId).catch(() => undefined);
    // Until a node asks again and the session is opened anew, as the SFU's state reads while it restarts.
    this.state = { ...this.state, state: 'restarting', restarts: this.state.restarts + 1 };
  }

  private broadcast(event: MediaEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
