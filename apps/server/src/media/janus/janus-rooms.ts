import type { VideoRoomHandle } from 'janode/plugins/videoroom';

/** Janus answers "room already exists" with this code when two nodes create a room at once. */
const ROOM_EXISTS = 427;
/** … and "no such room" with this one. */
export const NO_SUCH_ROOM = 426;

/** Creates the room in Janus unless it is there (docs/decisions/0076-janus-behind-the-media-server-interface.md). */
export async function ensureRoom(handle: VideoRoomHandle, roomId: string, bitrateKbps: number): Promise<void> {
  const { exists } = await handle.exists({ room: roomId });
  if (exists) return;
  await handle
    .create({ room: roomId, description: roomId, max_publishers: 4, bitrate: bitrateKbps * 1000, videocodec: 'vp8,h264' })
    .catch((error: unknown) => {
      if (janusCode(error) !== ROOM_EXISTS) throw error;
    });
}

/** The room's newest publisher (a replaced one may still be listed for a moment), or null. */
export async function publisherOf(handle: VideoRoomHandle, roomId: string): Promise<string | null> {
  try {
    const { participants } = await handle.listParticipants({ room: roomId });
    return participants.filter((participant) => participant.publisher).at(-1)?.feed ?? null;
  } catch (error) {
    if (janusCode(error) === NO_SUCH_ROOM) return null;
    throw error;
  }
}

/** janode rejects with an Error carrying Janus's error code as `_code`. */
export function janusCode(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && '_code' in error ? Number(error._code) : undefined;
}
