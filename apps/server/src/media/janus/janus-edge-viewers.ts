import type { IceCandidate } from '@argus/contracts/http/streams';
import type { MediaRoomStats } from '../media-server';
import type { JanusEdge } from './janus-edge';

/**
 * Viewers that offered themselves (browsers, WHEP), served by this node's SFU from its bridge to
 * Janus (janus-edge.ts): the room each watches, so the bridge closes with the room's last viewer
 * (docs/decisions/0076-janus-behind-the-media-server-interface.md).
 */
export class EdgeViewers {
  private readonly rooms = new Map<string, string>();

  constructor(private readonly edge: JanusEdge) {}

  has(peerId: string): boolean {
    return this.rooms.has(peerId);
  }

  inRoom(roomId: string): boolean {
    return [...this.rooms.values()].includes(roomId);
  }

  /** The viewers whose room passes `test`. */
  where(test: (roomId: string) => boolean): string[] {
    return [...this.rooms].flatMap(([peerId, roomId]) => (test(roomId) ? [peerId] : []));
  }

  /**
   * Answers the viewer's offer from the SFU, or with `offerSdp` null has the SFU offer to it (its
   * answer comes through `answer`), and keeps it; the room's bridge must be ensured first.
   */
  async add(roomId: string, peerId: string, offerSdp: string | null): Promise<string> {
    const sdp = offerSdp === null ? await this.edge.sfu.viewOffer(roomId, peerId) : await this.edge.sfu.view(roomId, peerId, offerSdp);
    this.rooms.set(peerId, roomId);
    return sdp;
  }

  answer(peerId: string, answerSdp: string): Promise<void> {
    return this.edge.sfu.answer(peerId, answerSdp);
  }

  addIceCandidate(peerId: string, candidate: IceCandidate | null): Promise<void> {
    return this.edge.sfu.addIceCandidate(peerId, candidate);
  }

  /** Closes the viewer's SFU peer, and the room's bridge if it was the last there: its room, or null if it was no viewer here. */
  async release(peerId: string): Promise<string | null> {
    const roomId = this.rooms.get(peerId);
    if (roomId === undefined) return null;
    this.rooms.delete(peerId);
    await this.edge.sfu.closePeer(peerId).catch(() => undefined);
    if (!this.inRoom(roomId)) await this.edge.close(roomId);
    return roomId;
  }

  /** The SFU's rooms with only these viewers: its publisher there is the bridge, no peer of a client. */
  async stats(): Promise<MediaRoomStats[]> {
    if (this.rooms.size === 0) return [];
    return (await this.edge.sfu.stats()).map((entry) => ({
      ...entry,
      publisherPeerId: null,
      viewerPeerIds: entry.viewerPeerIds.filter((peerId) => this.rooms.has(peerId)),
    }));
  }

  clear(): void {
    this.rooms.clear();
  }
}
