import type { QueryClient } from '@tanstack/react-query';
import type { StreamListResponse, StreamRoom } from '@argus/contracts/http/streams';
import type { LiveFrame } from '@argus/contracts/realtime/protocol';
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
 * viewers) are refetched, since their numbers only come over HTTP. A reset refetches everything.
 */
export function applyStreamFrame(queryClient: QueryClient, frame: LiveFrame): void {
  if (frame.type !== 'stream.created' && frame.type !== 'stream.updated' && frame.type !== 'stream.closed') {
    if (frame.type === 'realtime.reset') void queryClient.invalidateQueries({ queryKey: streamKeys.all });
    return;
  }
  const { room } = frame.data;
  queryClient.setQueryData<StreamListResponse>(streamKeys.list, (list) => (list ? applyRoomEvent(list, frame.type, room) : list));
  void queryClient.invalidateQueries({ queryKey: streamKeys.health });
}
