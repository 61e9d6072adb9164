import VideoRoomPlugin, { type VideoRoomHandle } from 'janode/plugins/videoroom';
import type { JanusInstance } from './janus-instance';
import { ensureRoom } from './janus-rooms';

export interface RoomWatchListener {
  /** The room's last publisher went. */
  left(): void;
  /** A publisher came to a room that had none. */
  back(): void;
  /** A publisher joined: viewers here subscribed to another feed must subscribe again (it replaces that one). */
  newPublisher(feed: string): void;
  /** The room was destroyed in Janus (closed through some node) or this watch was put out of it: it hears nothing more. */
  ended(): void;
}

/**
 * A VideoRoom participant that joins a room without publishing, so this node hears publishers
 * come and go, whichever Argus node they published through: in Janus only a room's participants
 * are told, never its subscribers (docs/decisions/0076-janus-behind-the-media-server-interface.md).
 */
export class RoomWatch {
  private handle: VideoRoomHandle | null = null;
  /** The room's publishers in the order this watch saw them join: the last is the newest. */
  private readonly publishers = new Set<string>();
  private ownFeed: string | null = null;

  constructor(
    private readonly roomId: string,
    readonly instance: JanusInstance,
    private readonly bitrateKbps: number,
    private readonly listener: RoomWatchListener,
  ) {}

  /** The publisher that joined last as far as this watch heard, or null: Janus's participant list has no order to tell. */
  get newest(): string | null {
    return [...this.publishers].at(-1) ?? null;
  }

  async start(): Promise<void> {
    const handle = await this.instance.attach();
    this.handle = handle;
    const isThisRoom = (data: { room?: string }) => data.room === undefined || data.room === this.roomId;
    handle.on(VideoRoomPlugin.EVENT.VIDEOROOM_PUB_LIST, (data: { room?: string; publishers: { feed: string }[] }) => {
      if (isThisRoom(data)) for (const { feed } of data.publishers) this.joined(feed);
    });
    // A publisher replaced by a newer one is kicked: the others hear `kicked`, not `unpublished` or `leaving`.
    for (const event of [
      VideoRoomPlugin.EVENT.VIDEOROOM_UNPUBLISHED,
      VideoRoomPlugin.EVENT.VIDEOROOM_LEAVING,
      VideoRoomPlugin.EVENT.VIDEOROOM_KICKED,
    ]) {
      handle.on(event, (data: { room?: string; feed: string }) => {
        if (!isThisRoom(data)) return;
        if (data.feed !== undefined && data.feed === this.ownFeed) this.end();
        else this.gone(data.feed);
      });
    }
    // Room ids are used again (a unit's room reopened): a watch left in a destroyed room would never hear the new one.
    handle.on(VideoRoomPlugin.EVENT.VIDEOROOM_DESTROYED, (data: { room?: string }) => {
      if (isThisRoom(data)) this.end();
    });
    // Viewers that offer may come before the room's first publisher: the room is made for them to wait in.
    await ensureRoom(handle, this.roomId, this.bitrateKbps);
    const joined = await handle.joinPublisher({ room: this.roomId, display: 'argus-watch' });
    this.ownFeed = String(joined.feed);
    for (const { feed } of joined.publishers) this.publishers.add(feed);
  }

  async stop(): Promise<void> {
    const handle = this.handle;
    this.handle = null;
    await handle?.detach().catch(() => undefined);
  }

  private joined(feed: string): void {
    if (this.publishers.has(feed)) return;
    const hadNone = this.publishers.size === 0;
    this.publishers.add(feed);
    if (hadNone) this.listener.back();
    this.listener.newPublisher(feed);
  }

  private gone(feed: string): void {
    if (!this.publishers.delete(feed)) return;
    const newest = this.newest;
    if (newest === null) this.listener.left();
    // A replaced publisher may still have been listed when a viewer subscribed to it: move viewers to the one that stays.
    else this.listener.newPublisher(newest);
  }

  private end(): void {
    if (!this.handle) return;
    const hadPublishers = this.publishers.size > 0;
    this.publishers.clear();
    if (hadPublishers) this.listener.left();
    this.listener.ended();
  }
}
