import type { MediaServer } from '../../media/media-server';
import type { LiveRoomSnapshot, LiveRooms } from './camera-health';

/**
 * The SFU's rooms that have a publisher, with its frame rate and loss. Asks only a running SFU:
 * the health check must not start the media process on a server where nobody uses live video.
 */
export function liveRoomsOf(media: MediaServer): LiveRooms {
  return {
    async snapshot(): Promise<LiveRoomSnapshot> {
      if (media.state.state !== 'running') return new Map();
      const rooms = await media.stats();
      return new Map(
        rooms.flatMap((room) =>
          room.publisher ? [[room.roomId, { fps: room.publisher.fps, packetLoss: room.publisher.packetLoss }] as const] : [],
        ),
      );
    },
  };
}
