import type { StreamRole } from '@argus/contracts/http/streams';
import { PUBLISHER_GRACE_MS, type SignalingServerMessage } from '@argus/contracts/realtime/signaling';
import type { Clock } from '../../lib/clock';
import type { MediaRoomStats } from '../../media/media-server';
import type { RoomLiveState } from './streams.presenter';

export interface LivePeer {
  id: string;
  roomId: string;
  userId: string;
  name: string;
  role: StreamRole;
  startedAt: number;
  /** Who holds the playback link it was opened with (a TAK device's certificate), or null. */
  link: string | null;
  /** The signalling socket of this peer, when it has one (HTTP and WHIP peers have none). */
  notify: ((message: SignalingServerMessage) => void) | null;
}

/** A room's publisher that another server process holds (a shared media server: docs/decisions/0076-janus-behind-the-media-server-interface.md). */
export interface PublisherElsewhere {
  userId: string;
  name: string;
  since: number;
}

/**
 * What a room's state takes beyond this process's peers: on a shared media server, from every
 * process (stream-nodes.ts, docs/decisions/0076-janus-behind-the-media-server-interface.md).
 */
export interface SharedRoomState {
  /** The room's viewers, on every process sharing the media server or on this one. */
  viewers: number;
  /** Its publisher, held by another process. */
  elsewhere?: PublisherElsewhere;
  /** When its last publisher's session ended, if within the grace: it may have gone through another process. */
  publisherGoneAt?: number;
}

/** Who publishes and watches in each room right now (in memory), and when a room's publisher went. */
export class LivePeers {
  private readonly peers = new Map<string, LivePeer>();
  private readonly publisherGoneAt = new Map<string, number>();

  constructor(private readonly clock: Clock) {}

  get(peerId: string): LivePeer | undefined {
    return this.peers.get(peerId);
  }

  has(peerId: string): boolean {
    return this.peers.has(peerId);
  }

  add(peer: LivePeer): void {
    this.peers.set(peer.id, peer);
  }

  /** Removes a peer; returns it if it was there. */
  remove(peerId: string): LivePeer | undefined {
    const peer = this.peers.get(peerId);
    this.peers.delete(peerId);
    return peer;
  }

  all(): LivePeer[] {
    return [...this.peers.values()];
  }

  inRoom(roomId: string): LivePeer[] {
    return this.all().filter((peer) => peer.roomId === roomId);
  }

  viewerCount(roomId: string): number {
    return this.inRoom(roomId).filter((peer) => peer.role === 'view').length;
  }

  /** The peers opened with playback links held by `holders`. */
  ofLinks(holders: readonly string[]): LivePeer[] {
    const held = new Set(holders);
    return this.all().filter((peer) => peer.link !== null && held.has(peer.link));
  }

  /** Who holds the playback links of the peers open now. */
  linkHolders(): string[] {
    return [...new Set(this.all().flatMap((peer) => (peer.link === null ? [] : [peer.link])))];
  }

  userIds(): string[] {
    return [...new Set(this.all().map((peer) => peer.userId))];
  }

  anyWithSocket(): boolean {
    return this.all().some((peer) => peer.notify);
  }

  publisherLeft(roomId: string): void {
    this.publisherGoneAt.set(roomId, this.clock.now());
  }

  publisherBack(roomId: string): void {
    this.publisherGoneAt.delete(roomId);
  }

  /** Counts of viewers in these rooms held by this process. */
  viewerCounts(roomIds: readonly string[]): Map<string, number> {
    return new Map(roomIds.map((roomId) => [roomId, this.viewerCount(roomId)]));
  }

  liveState(roomId: string, stats: MediaRoomStats[], names: Map<string, string>, shared: SharedRoomState): RoomLiveState {
    const { viewers, elsewhere } = shared;
    const here = this.inRoom(roomId).find((peer) => peer.role === 'publish');
    const publisher = here
      ? { userId: here.userId, name: names.get(here.userId) ?? here.name, startedAt: here.startedAt }
      : elsewhere && { ...elsewhere, startedAt: elsewhere.since };
    // The later of the two: this process keeps its own until it hears the publisher back, which it may not.
    const gone = [this.publisherGoneAt.get(roomId), shared.publisherGoneAt].filter((at) => at !== undefined);
    const goneAt = gone.length > 0 ? Math.max(...gone) : undefined;
    const status = publisher
      ? 'live'
      : goneAt !== undefined && this.clock.now() - goneAt < PUBLISHER_GRACE_MS && viewers > 0
        ? 'reconnecting'
        : 'waiting';
    const codec = stats.find((entry) => entry.roomId === roomId)?.publisher?.codec ?? null;
    return {
      status,
      viewers,
      publisher: publisher ? { userId: publisher.userId, name: publisher.name, since: publisher.startedAt, codec } : null,
    };
  }
}
