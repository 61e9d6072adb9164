import type { StreamRoom } from '../http/streams';

/**
 * When a video room counts as live (docs/decisions/0059-only-rooms-with-a-publisher-are-live.md):
 * it is open and has a publisher whose media reaches the SFU right now. A room that is waiting for
 * its first publisher, whose publisher dropped (even within the reconnect grace) or that is closed
 * is offline: production shows it as an offline tile and does not let it be taken to program.
 */
export function isRoomLive(room: Pick<StreamRoom, 'status' | 'publisher'>): boolean {
  return room.status === 'live' && room.publisher !== null;
}

/** Why a room is not live, in words for the person about to take it; null when it is live. */
export function offlineReason(room: Pick<StreamRoom, 'name' | 'status' | 'publisher'>): string | null {
  if (isRoomLive(room)) return null;
  switch (room.status) {
    case 'ended':
      return `${room.name} has been closed.`;
    case 'reconnecting':
      return `${room.name} is offline: its publisher dropped and may come back.`;
    default:
      return `${room.name} is offline: nobody is publishing to it.`;
  }
}
