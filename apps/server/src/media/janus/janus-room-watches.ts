import type { JanusInstance } from './janus-instance';
import { RoomWatch } from './janus-room-watch';

export interface RoomWatchesListener {
  left(roomId: string): void;
  back(roomId: string): void;
  newPublisher(roomId: string, feed: string): void;
  /** The room was destroyed in Janus or its watch put out of it: the watch is already dropped. */
  ended(roomId: string): void;
}

/**
 * This node's room watches (janus-room-watch.ts), one per room where it has viewers: opened on
 * the first viewer, closed when the last goes, dropped when Janus ends the room or the session
 * (docs/decisions/0076-janus-behind-the-media-server-interface.md).
 */
export class RoomWatches {
  private readonly watches = new Map<string, RoomWatch>();

  constructor(
    private readonly bitrateKbps: number,
    private readonly listener: RoomWatchesListener,
  ) {}

  get(roomId: string): RoomWatch | undefined {
    return this.watches.get(roomId);
  }

  /** The room's watch, started now unless it is there. */
  async open(roomId: string, instance: JanusInstance): Promise<RoomWatch> {
    const existing = this.watches.get(roomId);
    if (existing) return existing;
    const watch = new RoomWatch(roomId, instance, this.bitrateKbps, {
      left: () => this.listener.left(roomId),
      back: () => this.listener.back(roomId),
      newPublisher: (feed) => this.listener.newPublisher(roomId, feed),
      ended: () => {
        if (this.watches.get(roomId) !== watch) return;
        this.watches.delete(roomId);
        void watch.stop();
        this.listener.ended(roomId);
      },
    });
    this.watches.set(roomId, watch);
    await watch.start().catch(async (error: unknown) => {
      if (this.watches.get(roomId) === watch) this.watches.delete(roomId);
      await watch.stop();
      throw error;
    });
    return watch;
  }

  async close(roomId: string): Promise<void> {
    const watch = this.watches.get(roomId);
    this.watches.delete(roomId);
    await watch?.stop();
  }

  /** The session on the instance was lost: its watches' handles went with it. */
  dropInstance(instance: JanusInstance): void {
    for (const [roomId, watch] of this.watches) if (watch.instance === instance) this.watches.delete(roomId);
  }

  clear(): void {
    this.watches.clear();
  }
}
