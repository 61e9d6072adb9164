import type { StreamRoom } from '@argus/contracts/http/streams';
import { isRoomLive } from '@argus/contracts/policies/live-rooms';
import type { Clock } from '../../lib/clock';
import type { StreamsService } from '../streams/streams.service';
import { roomVideo, roomVideoUid } from './cot-video-writing';
import { removal } from './cot-picture-writing';
import type { DeviceIdentity } from './tak-certificates.service';
import { PLAYBACK_LINK_TTL_MS, type TakPlaybackLinks } from './tak-playback-links';

/** How long before its link expires a feed is sent again with a fresh one: time for a device to take it in. */
export const LINK_RENEWED_BEFORE_EXPIRY_MS = 60 * 60_000;

/** What the video on devices is read from. */
export interface VideoSources {
  streams: StreamsService;
  playback: TakPlaybackLinks;
}

interface Viewer {
  device: DeviceIdentity;
  /** The rooms this connection was sent, live: the room as sent, and when its link was signed. */
  shown: Map<string, { room: StreamRoom; linkedAt: number }>;
}

/**
 * Argus's live video rooms on each connected TAK device (docs/decisions/0073-tak-video-out-and-read-receipts.md):
 * a room that goes live (contracts' `isRoomLive`, decision 0059) goes as a `b-i-v` feed, with a
 * playback link of its own, to the devices whose users may watch it (stream-access.ts, through
 * `StreamsService`); it is taken off when it stops being live or ends. A device that connects gets
 * the rooms live then. Only a device with a certificate is sent any: a link is made for one
 * certificate, and a plain-TCP device or a TAK Server link has none; another server's link on the TLS
 * port (decision 0074) shows one but acts as no device, so it is joined as none.
 */
export class TakVideoPicture {
  private readonly viewers = new Map<number, Viewer>();
  /** Room changes handled one after another, so a room's end is never overtaken by its going live. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly sources: VideoSources,
    private readonly clock: Clock,
    private readonly send: (connectionId: number, xml: string) => void,
  ) {}

  join(connectionId: number, device: DeviceIdentity | null): Promise<void> {
    if (!device) return Promise.resolve();
    const viewer: Viewer = { device, shown: new Map() };
    this.viewers.set(connectionId, viewer);
    return this.serially(async () => {
      const rooms = await this.sources.streams.watchable(userOf(device));
      for (const room of rooms)
        if (isRoomLive(room) && this.viewers.get(connectionId) === viewer) await this.show(connectionId, viewer, room);
    });
  }

  leave(connectionId: number): void {
    this.viewers.delete(connectionId);
  }

  /**
   * Sends again, with a fresh link, the feeds whose link expires within the hour: a connection
   * outliving a link (12 hours) keeps playing. Called on the endpoint's repeating tick.
   */
  renewLinks(): Promise<void> {
    return this.serially(async () => {
      const due = this.clock.now() - (PLAYBACK_LINK_TTL_MS - LINK_RENEWED_BEFORE_EXPIRY_MS);
      for (const [connectionId, viewer] of this.viewers)
        for (const { room, linkedAt } of [...viewer.shown.values()]) if (linkedAt <= due) await this.show(connectionId, viewer, room);
    });
  }

  /** A room was created, changed or closed (the `stream.*` events). */
  roomChanged(room: StreamRoom): Promise<void> {
    return this.serially(async () => {
      for (const [connectionId, viewer] of this.viewers) {
        const watches = isRoomLive(room) && (await this.sources.streams.mayWatch(userOf(viewer.device), room.id));
        const shown = viewer.shown.get(room.id);
        if (watches && !shown) await this.show(connectionId, viewer, room);
        // Its name may have changed: a renewed feed says the new one.
        else if (watches && shown) shown.room = room;
        else if (!watches && viewer.shown.delete(room.id)) this.send(connectionId, removal(roomVideoUid(room.id), this.clock.now()));
      }
    });
  }

  private async show(connectionId: number, viewer: Viewer, room: StreamRoom): Promise<void> {
    const link = await this.sources.playback.link(viewer.device, room);
    // Gone while the link was signed: nothing is sent to a connection that left.
    if (this.viewers.get(connectionId) !== viewer) return;
    viewer.shown.set(room.id, { room, linkedAt: this.clock.now() });
    this.send(connectionId, roomVideo(room, link, this.clock.now()));
  }

  private serially(work: () => Promise<void>): Promise<void> {
    const next = this.queue.then(work);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

const userOf = (device: DeviceIdentity) => ({ id: device.userId, role: device.role });
