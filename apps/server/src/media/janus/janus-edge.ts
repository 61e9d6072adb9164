import { randomUUID } from 'node:crypto';
import type { VideoRoomHandle } from 'janode/plugins/videoroom';
import type { MediaServer } from '../media-server';
import { joinAsSubscriber } from './janus-rooms';
import { keptAttempt } from './kept-attempt';

/** The room has no publisher in Janus yet. */
class NoPublisher extends Error {}

interface Bridge {
  peerId: string;
  handle: VideoRoomHandle;
  feed: string;
}

/**
 * Viewers that send their own offer (browsers, WHEP players) on a Janus deployment. Janus's
 * VideoRoom only ever offers to a subscriber, so this node subscribes once per room, answers
 * Janus with its embedded SFU as if Janus were the room's publisher there, and the SFU answers
 * the viewers (docs/decisions/0076-janus-behind-the-media-server-interface.md). A new publisher in
 * Janus replaces the bridge; the SFU keeps its viewers and forwards the new one to them.
 */
export class JanusEdge {
  private readonly bridges = new Map<string, Promise<Bridge>>();

  constructor(
    readonly sfu: MediaServer,
    /** A VideoRoom handle on the room's Janus, and the room's current publisher feed there (or null). */
    private readonly subscribe: (roomId: string) => Promise<{ handle: VideoRoomHandle; feed: string | null }>,
  ) {}

  /**
   * The room is fed from Janus into the SFU (started now if it is not yet); null while nobody
   * publishes in Janus: the SFU's viewers wait, as on one node, until `follow` feeds them.
   */
  async ensure(roomId: string): Promise<Bridge | null> {
    const bridge = keptAttempt(this.bridges, roomId, () => this.open(roomId));
    try {
      return await bridge;
    } catch (error) {
      if (error instanceof NoPublisher) return null;
      throw error;
    }
  }

  isBridge(peerId: string): Promise<boolean> {
    return Promise.all([...this.bridges.values()].map((bridge) => bridge.catch(() => null))).then((bridges) =>
      bridges.some((bridge) => bridge?.peerId === peerId),
    );
  }

  /** A publisher joined the room in Janus, where this node has viewers: the SFU is fed from it (replacing the feed it had). */
  async follow(roomId: string, feed: string): Promise<void> {
    const current = await this.bridges.get(roomId)?.catch(() => null);
    if (current?.feed === feed) return;
    this.bridges.delete(roomId);
    await this.ensure(roomId);
    await current?.handle.detach().catch(() => undefined);
  }

  /** Forgets a bridge whose SFU side failed: its room, for a new one to be opened there, or null if it was none. */
  async dropBridge(peerId: string): Promise<string | null> {
    for (const [roomId, promise] of this.bridges) {
      const bridge = await promise.catch(() => null);
      if (bridge?.peerId !== peerId) continue;
      if (this.bridges.get(roomId) === promise) this.bridges.delete(roomId);
      await bridge.handle.detach().catch(() => undefined);
      return roomId;
    }
    return null;
  }

  /** The rooms fed from Janus (or being opened). */
  rooms(): string[] {
    return [...this.bridges.keys()];
  }

  /** The SFU restarted: its side of every bridge is gone, so each Janus subscription is let go too. */
  async reset(): Promise<void> {
    const bridges = [...this.bridges.values()];
    this.bridges.clear();
    for (const promise of bridges) await (await promise.catch(() => null))?.handle.detach().catch(() => undefined);
  }

  async close(roomId: string): Promise<void> {
    const promise = this.bridges.get(roomId);
    this.bridges.delete(roomId);
    const bridge = await promise?.catch(() => null);
    if (!bridge) return;
    await bridge.handle.detach().catch(() => undefined);
    await this.sfu.closePeer(bridge.peerId);
  }

  async stop(): Promise<void> {
    for (const roomId of [...this.bridges.keys()]) await this.close(roomId).catch(() => undefined);
    await this.sfu.stop();
  }

  private async open(roomId: string): Promise<Bridge> {
    const { handle, feed } = await this.subscribe(roomId);
    try {
      if (!feed) throw new NoPublisher();
      const offer = await joinAsSubscriber(handle, roomId, feed);
      const peerId = randomUUID();
      const answer = await this.sfu.publish(roomId, peerId, offer, { fromJanus: true });
      await handle.start({ jsep: { type: 'answer', sdp: answer } });
      return { peerId, handle, feed };
    } catch (error) {
      await handle.detach().catch(() => undefined);
      throw error;
    }
  }
}
