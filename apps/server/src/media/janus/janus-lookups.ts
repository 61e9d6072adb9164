import type { VideoRoomHandle } from 'janode/plugins/videoroom';
import type { JanusInstance } from './janus-instance';
import { publisherOf } from './janus-rooms';
import { keptAttempt } from './kept-attempt';

/**
 * Who publishes in a room, asked of its Janus on one handle per instance kept for that, opened on
 * first use and again after it failed (docs/decisions/0076-janus-behind-the-media-server-interface.md).
 */
export class RoomLookups {
  private readonly handles = new Map<JanusInstance, Promise<VideoRoomHandle>>();

  constructor(private readonly attach: (instance: JanusInstance) => Promise<VideoRoomHandle>) {}

  /** The room's newest publisher, or null; rejects when the instance cannot be asked. */
  async publisherOf(instance: JanusInstance, roomId: string): Promise<string | null> {
    return publisherOf(await this.handle(instance), roomId);
  }

  /** The instance's session was lost, and its handle with it. */
  forget(instance: JanusInstance): void {
    this.handles.delete(instance);
  }

  clear(): void {
    this.handles.clear();
  }

  private handle(instance: JanusInstance): Promise<VideoRoomHandle> {
    return keptAttempt(this.handles, instance, () => this.attach(instance));
  }
}
