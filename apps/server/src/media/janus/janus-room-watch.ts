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
}

/**
 * A VideoRoom participant that joins a room without publishing, so this node hears publishers
 * come and go, whichever Argus node they published through: in Janus only a room's participants
 * are told, never its subscribers (docs/decisions/0076-janus-behind-the-media-server-interface.md).
 */
export class RoomWatch {
  private handle: VideoRoomHandle | null = null;
  private readonly publishers = new Set<string>();

  constructor(
    private readonly roomId: string,
    readonly instance: JanusInstance,
    private readonly bitrateKbps: number,
    private readonly listener: RoomWatchListener,
  ) {}

  async start(): Promise<void> {
    const handle = await this.instance.attach();
    this.handle = handle;
    const isThisRoom = (data: { room?: string }) => data.room === undefined || data.room === this.roomId;
    handle.on(VideoRoomPlugin.EVENT.VIDEOROOM_PUB_LIST, (data: { room?: string; publishers: { feed: string }[] }) => {
      if (isThisRoom(data)) for (const { feed } of data.publishers) this.joined(feed);
    });
    for (const event of [VideoRoomPlugin.EVENT.VIDEOROOM_UNPUBLISHED, VideoRoomPlugin.EVENT.VIDEOROOM_LEAVING]) {
      handle.on(event, (data: { room?: string; feed: string }) => {
        if (isThisRoom(data)) this.gone(data.feed);
      });
    }
    // Viewers that offer may come before the room's first publisher: the room is made for them to wait in.
    await ensureRoom(handle, this.roomId, this.bitrateKbps);
    const joined = await handle.joinPublisher({ room: this.roomId, display: 'argus-watch' });
    for (const { feed } of joined.publishers) this.publishers.add(feed);
  }

  async stop(): Promise<void> {
    await this.handle?.detach().catch(() => undefined);
    this.handle = null;
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
    if (this.publishers.size === 0) this.listener.left();
  }
}
