import type { QueryClient } from '@tanstack/react-query';
import { StreamRoomEvent, type StreamListResponse, type StreamRoom } from '@argus/contracts/http/streams';
import type { RealtimeFrame } from '@argus/contracts/realtime/protocol';
import { streamKeys } from './streams.queries';

const byCreation = (a: StreamRoom, b: StreamRoom) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A room into the list as /stream/list orders it (oldest first); a closed room leaves it. */
export function applyRoomEvent(list: StreamListResponse, type: string, room: StreamRoom): StreamListResponse {
  const others = list.rooms.filter((candidate) => candidate.id !== room.id);
  if (type === 'stream.closed' || room.status === 'ended') return { rooms: others };
  return { rooms: [...others, room].sort(byCreation) };
}

/**
 * Applies a frame of the "streams" channel to the cached room list; health figures (bitrate,
 * viewers) are refetched, since their numbers only come over HTTP. A reset, or a frame this
 * client does not understand, refetches everything.
 */
export function applyStreamFrame(queryClient: QueryClient, frame: RealtimeFrame): void {
  if (frame.type !== 'stream.created' && frame.type !== 'stream.updated' && frame.type !== 'stream.closed') {
    if (frame.type === 'realtime.reset') void queryClient.invalidateQueries({ queryKey: streamKeys.all });
    return;
  }
  const parsed = StreamRoomEvent.safeParse(frame.data);
  if (!parsed.success) return void queryClient.invalidateQueries({ queryKey: streamKeys.all });
  queryClient.setQueryData<StreamListResponse>(streamKeys.list, (list) => (list ? applyRoomEvent(list, frame.type, parsed.data.room) : list));
  void queryClient.invalidateQueries({ queryKey: streamKeys.health });
}
