import type { StreamRoomChange } from '@argus/contracts/http/streams';
import type { EventBus } from '../../realtime/events';
import type { CamerasService } from './cameras.service';

/** A feed that has just gone live needs a few seconds of media before its frame rate says anything. */
const MEASURE_AFTER_MS = 3_000;
const WENT_LIVE: readonly StreamRoomChange[] = ['publisher-joined', 'publisher-back'];
const WENT_AWAY: readonly StreamRoomChange[] = ['publisher-left', 'reconnect-expired', 'closed', 'media-restarted'];

/**
 * A camera's health follows its stream room at once, not at the next 30 s check: when the room's
 * publisher leaves, its cameras are re-derived now; when one goes live, once the SFU has measured
 * a few seconds of it (judged at once, a fresh feed would read as 0 fps, degraded).
 */
export function followStreamRooms(events: EventBus, cameras: CamerasService, onError: (error: unknown) => void): () => void {
  const timers = new Set<NodeJS.Timeout>();
  const recheck = (roomId: string) => void cameras.checkHealth(roomId).catch(onError);
  const stopListening = events.listen((event) => {
    if (event.type !== 'stream.updated' && event.type !== 'stream.closed') return;
    const { room, changes } = event.data;
    if (changes.some((change) => WENT_AWAY.includes(change))) recheck(room.id);
    if (!changes.some((change) => WENT_LIVE.includes(change))) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      recheck(room.id);
    }, MEASURE_AFTER_MS);
    timer.unref();
    timers.add(timer);
  });
  return () => {
    stopListening();
    timers.forEach(clearTimeout);
  };
}
