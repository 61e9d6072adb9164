import type { VideoRoomHandle } from 'janode/plugins/videoroom';
import { MediaError } from '../media-server';
import { mediaError } from './janus-errors';

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

/**
 * Joins the room as its publisher, the feed id being the peer id: Janus's answer. Only Janus's
 * refusal of the offer is the publisher's fault (bad_sdp); a room it cannot make or list is the server's.
 */
export async function joinAsPublisher(
  handle: VideoRoomHandle,
  roomId: string,
  peerId: string,
  offerSdp: string,
  bitrateKbps: number,
): Promise<string> {
  const joined = await handle
    .joinConfigurePublisher({
      room: roomId,
      feed: peerId,
      display: peerId,
      bitrate: bitrateKbps * 1000,
      jsep: { type: 'offer', sdp: offerSdp },
    })
    .catch((error: unknown) => {
      throw mediaError(error, 'bad_sdp');
    });
  if (!joined.jsep) throw new MediaError('bad_sdp', 'Janus accepted the publisher but sent no answer.');
  return joined.jsep.sdp;
}

/** Subscribes the handle to a publisher's feed (for a viewer, or this node's SFU): Janus's offer, to be answered. */
export async function joinAsSubscriber(handle: VideoRoomHandle, roomId: string, feed: string): Promise<string> {
  const joined = await handle.joinSubscriber({ room: roomId, feed });
  if (!joined.jsep) throw new MediaError('media_unavailable', 'Janus subscribed to the publisher but sent no offer.');
  return joined.jsep.sdp;
}

/** janode rejects with an Error carrying Janus's error code as `_code`. */
export function janusCode(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && '_code' in error ? Number(error._code) : undefined;
}
