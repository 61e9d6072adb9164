import { useState } from 'react';
import { describeError } from '../../lib/api-error';
import { useStreamRooms } from '../streams/useStreamRooms';
import { LiveFeedDialog } from '../video/LiveFeedDialog';
import { Loading } from '../video/Loading';
import { VideoTile } from '../video/VideoTile';

/**
 * The command dashboard's video wall: a tile per live room (kept current by the realtime "streams" channel), each
 * with the latency and bitrate this browser actually gets; click a tile to enlarge it.
 */
export function VideoWall() {
  const rooms = useStreamRooms();
  const [enlargedId, setEnlargedId] = useState<string | null>(null);
  const live = (rooms.data ?? []).filter((room) => room.status === 'live' || room.status === 'reconnecting');
  const enlarged = live.find((room) => room.id === enlargedId) ?? null;

  return (
    <div className="space-y-3 p-3">
      {rooms.isPending ? <Loading>Loading live rooms...</Loading> : null}
      {rooms.isError ? (
        <p role="alert" className="text-danger">
          {`Live rooms could not be loaded: ${describeError(rooms.error)}`}
        </p>
      ) : null}
      {rooms.data && live.length === 0 ? (
        <p className="text-ink-muted">No one is live right now. Feeds appear here when a unit goes live.</p>
      ) : null}
      <ul aria-label="Live feeds" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        {live.map((room) => (
          <li key={room.id}>
            <VideoTile room={room} onSelect={() => setEnlargedId(room.id)} selectLabel={`Enlarge ${room.name}`} />
          </li>
        ))}
      </ul>
      <LiveFeedDialog room={enlarged} onClose={() => setEnlargedId(null)} />
    </div>
  );
}
