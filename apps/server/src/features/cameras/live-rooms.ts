import type { MediaServer } from '../../media/media-server';
import type { LiveFeed, LiveRoomSnapshot, LiveRooms } from './camera-health';

/**
 * The media server's rooms that have a publisher, with its frame rate and loss where measured.
 * Asks this node's rooms only of a running media server: the health check must not start the
 * SFU's process on a server where nobody uses live video. Rooms published through another node
 * (Janus, docs/decisions/0076-janus-behind-the-media-server-interface.md) are live too, unmeasured;
 * the embedded SFU has none.
 */
export function liveRoomsOf(media: MediaServer): LiveRooms {
  return {
    async snapshot(roomIds: readonly string[]): Promise<LiveRoomSnapshot> {
      const live = new Map<string, LiveFeed>();
      for (const roomId of (await media.publishersElsewhere(roomIds)).keys()) live.set(roomId, { fps: null, packetLoss: null });
      if (media.state.state !== 'running') return live;
      for (const room of await media.stats()) {
        // A room fed from Janus into this node's SFU has no publisher peer here, but the SFU measures what it receives.
        if (room.publisherPeerId === null && room.publisher === null) continue;
        live.set(room.roomId, { fps: room.publisher?.fps ?? null, packetLoss: room.publisher?.packetLoss ?? null });
      }
      return live;
    },
  };
}
