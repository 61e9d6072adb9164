import Janode from 'janode';
import VideoRoomPlugin, { type VideoRoomHandle } from 'janode/plugins/videoroom';
import { MediaError, type MediaRoomStats } from '../media-server';
import type { JanusInstance } from './janus-instance';

export interface JanusPeer {
  roomId: string;
  role: 'publish' | 'view';
  instance: JanusInstance;
  handle: VideoRoomHandle;
  /** The publisher feed a viewer is subscribed to. */
  feed: string | null;
}

/**
 * This node's peers held in Janus itself (publishers, and viewers Janus offered to), each with its
 * handle; viewers served by the node's SFU are janus-edge-viewers.ts's.
 */
export class JanusPeers {
  private readonly peers = new Map<string, JanusPeer>();

  get(peerId: string): JanusPeer | undefined {
    return this.peers.get(peerId);
  }

  has(peerId: string): boolean {
    return this.peers.has(peerId);
  }

  /** The peer, or peer_not_found. */
  require(peerId: string): JanusPeer {
    const peer = this.peers.get(peerId);
    if (!peer) throw new MediaError('peer_not_found', 'No such video connection on this server.');
    return peer;
  }

  /**
   * Keeps a peer; `gone` is told, once, when Janus hangs it up without being asked (ICE or DTLS
   * failed), with `kicked` true when a newer publisher kicked it through another node.
   */
  add(peerId: string, peer: JanusPeer, gone: (kicked: boolean) => void): void {
    this.peers.set(peerId, peer);
    let kicked = false;
    const end = () => {
      if (this.peers.get(peerId) === peer) gone(kicked);
    };
    if (peer.role === 'publish') {
      peer.handle.on(VideoRoomPlugin.EVENT.VIDEOROOM_LEAVING, (data: { feed?: string; reason?: string }) => {
        if (data.reason !== 'kicked' || String(data.feed) !== peerId) return;
        kicked = true;
        end();
      });
    }
    peer.handle.once(Janode.EVENT.HANDLE_ICE_FAILED, end);
    peer.handle.once(Janode.EVENT.HANDLE_HANGUP, end);
    peer.handle.once(Janode.EVENT.HANDLE_DETACHED, end);
  }

  /** Forgets the peer (its handle is the caller's to detach): the peer, if it was here. */
  remove(peerId: string): JanusPeer | undefined {
    const peer = this.peers.get(peerId);
    this.peers.delete(peerId);
    return peer;
  }

  entries(): [string, JanusPeer][] {
    return [...this.peers];
  }

  /** Whether a viewer here is subscribed in Janus to the room. */
  hasViewerIn(roomId: string): boolean {
    return [...this.peers.values()].some((peer) => peer.roomId === roomId && peer.role === 'view');
  }

  /** Adds each peer to its room's figures (a room with none yet gets its own, Janus reporting no bitrate or loss). */
  addTo(rooms: Map<string, MediaRoomStats>): void {
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
  }

  clear(): void {
    this.peers.clear();
  }
}
