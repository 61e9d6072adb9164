import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_STREAM_DEFAULTS } from '@argus/contracts/http/stream-settings';
import type { StreamRoom } from '@argus/contracts/http/streams';
import type { Unit } from '@argus/contracts/http/units';
import { isRoomLive, offlineReason } from '@argus/contracts/policies/live-rooms';
import { describeError } from '../../lib/api-error';
import { formatMgrs } from '../../lib/geo/mgrs';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { useAuth } from '../auth/auth-context';
import { unitQueries } from '../units/units.queries';
import { Loading } from '../video/Loading';
import { CONNECTION_LABELS, useRoomConnection } from '../video/useRoomConnection';
import { VideoTile } from '../video/VideoTile';
import { VideoView } from '../video/VideoView';
import type { LowerThird } from './lower-third';
import { OfflineTile } from './OfflineTile';
import { ProgramCompositor } from './program-compositor';
import { ProgramRecorder } from './ProgramRecorder';
import { SourceMonitor } from './SourceMonitor';
import { streamSettingsQueries } from '../stream-settings/stream-settings.queries';
import { ensureRoom } from './streams.mutations';
import { useStreamRooms } from './useStreamRooms';

const isSource = (room: StreamRoom) => room.kind !== 'program' && room.status !== 'ended';

function lowerThirdFor(room: StreamRoom, units: Unit[]): LowerThird {
  const unit = room.unitId ? units.find((candidate) => candidate.id === room.unitId) : undefined;
  const location = unit?.position?.location;
  return { callsign: unit?.callsign ?? room.name, mgrs: location ? formatMgrs(location) : null };
}

function Badge({ children, tone }: { children: string; tone: 'preview' | 'program' }) {
  return (
    <span
      className={
        tone === 'program'
          ? 'rounded bg-danger-surface px-2 py-0.5 text-xs font-bold text-white'
          : 'rounded bg-success px-2 py-0.5 text-xs font-bold text-black'
      }
    >
      {children}
    </span>
  );
}

/**
 * /production: every open source room in a multiview, live ones as video and the others as
 * offline tiles (docs/decisions/0059-only-rooms-with-a-publisher-are-live.md); click one to
 * preview it, "Take" puts a live one on program. Program is composited in a canvas with a lower third, published as a room of kind
 * program (the briefing feed) and recordable to evidence.
 */
export function ProductionPage() {
  const { user } = useAuth();
  const rooms = useStreamRooms();
  const units = useQuery(unitQueries.list());
  const defaults = useQuery(streamSettingsQueries.mine());
  const [videos, setVideos] = useState<ReadonlyMap<string, HTMLVideoElement>>(new Map());
  const [previewId, setPreviewId] = useState<string | null>(null);
  const [programId, setProgramId] = useState<string | null>(null);
  const [compositor, setCompositor] = useState<ProgramCompositor | null>(null);
  const [feedRoom, setFeedRoom] = useState<string | null>(null);
  const [feedError, setFeedError] = useState<string | null>(null);

  useEffect(() => {
    const next = new ProgramCompositor();
    setCompositor(next);
    return () => next.stop();
  }, []);

  const sources = useMemo(() => (rooms.data ?? []).filter(isSource), [rooms.data]);
  const unitList = useMemo(() => units.data ?? [], [units.data]);
  const programRoom = sources.find((room) => room.id === programId) ?? null;
  const previewRoom = sources.find((room) => room.id === previewId) ?? null;
  const liveCount = sources.filter(isRoomLive).length;
  // Taking happens here in the browser (program is composited on this page), so this is where an offline room is refused.
  const takeBlockedBy = previewRoom ? offlineReason(previewRoom) : null;
  const programOffline = programRoom && !isRoomLive(programRoom) ? programRoom.name : null;

  const registerVideo = useCallback((roomId: string, element: HTMLVideoElement | null) => {
    setVideos((current) => {
      if ((current.get(roomId) ?? null) === element) return current;
      const next = new Map(current);
      if (element) next.set(roomId, element);
      else next.delete(roomId);
      return next;
    });
  }, []);

  // One ref callback per room, so tiles do not re-register their element on every render.
  const videoRefs = useRef(new Map<string, (element: HTMLVideoElement | null) => void>());
  const videoRefFor = (roomId: string) => {
    let callback = videoRefs.current.get(roomId);
    if (!callback) {
      callback = (element) => registerVideo(roomId, element);
      videoRefs.current.set(roomId, callback);
    }
    return callback;
  };

  // Program follows the taken source's element and its lower third (the unit moves, the clock ticks).
  const programVideo = programId ? (videos.get(programId) ?? null) : null;
  const lowerThird = programRoom && !programOffline ? lowerThirdFor(programRoom, unitList) : null;
  const lowerThirdKey = lowerThird ? `${lowerThird.callsign}|${lowerThird.mgrs ?? ''}` : '';
  useEffect(() => {
    compositor?.setSource(programOffline ? null : programVideo, lowerThird, programOffline);
    // lowerThirdKey stands for lowerThird's content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [compositor, programVideo, lowerThirdKey, programOffline]);

  const settings = defaults.data?.defaults ?? DEFAULT_STREAM_DEFAULTS;
  const feed = useRoomConnection({ room: feedRoom, role: 'publish', stream: compositor?.stream ?? null, encoding: settings });

  const handleTake = () => {
    if (previewId && !takeBlockedBy) setProgramId(previewId);
  };

  const handleStartFeed = async () => {
    if (!user) return;
    setFeedError(null);
    const id = `program-${user.id}`;
    try {
      await ensureRoom({ id, name: `Briefing feed (${user.full_name})`, kind: 'program' });
      setFeedRoom(id);
    } catch (error) {
      setFeedError(describeError(error));
    }
  };

  return (
    <div className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="preview-bus" className="space-y-2 rounded-lg border border-success/60 p-3">
          <h2 id="preview-bus" className="flex items-center gap-2 font-semibold">
            <Badge tone="preview">PVW</Badge> Preview: <span data-testid="preview-name">{previewRoom?.name ?? 'nothing selected'}</span>
          </h2>
          {takeBlockedBy ? (
            <div
              data-testid="preview-offline"
              className="flex aspect-video w-full items-center justify-center rounded-md border border-dashed border-line bg-surface-sunken text-lg font-bold text-ink"
            >
              OFFLINE
            </div>
          ) : (
            <SourceMonitor
              video={previewId ? (videos.get(previewId) ?? null) : null}
              label={previewRoom ? `Preview: ${previewRoom.name}` : 'Preview'}
            />
          )}
          <Button
            onClick={handleTake}
            disabled={!previewId || previewId === programId || takeBlockedBy !== null}
            aria-describedby={takeBlockedBy ? 'take-blocked' : undefined}
            className="w-full"
          >
            Take to program
          </Button>
          {takeBlockedBy ? (
            <p id="take-blocked" data-testid="take-blocked" className="text-sm text-warning">
              Cannot take: {takeBlockedBy}
            </p>
          ) : null}
        </section>
        <section aria-labelledby="program-bus" className="space-y-2 rounded-lg border border-danger/60 p-3">
          <h2 id="program-bus" className="flex items-center gap-2 font-semibold">
            <Badge tone="program">PGM</Badge> Program: <span data-testid="program-name">{programRoom?.name ?? 'nothing on program'}</span>
            {programOffline ? (
              <span data-testid="program-offline" className="rounded border border-warning px-2 py-0.5 text-xs font-bold text-warning">
                OFFLINE
              </span>
            ) : null}
          </h2>
          <VideoView
            stream={compositor?.stream ?? null}
            className="aspect-video w-full rounded-md"
            aria-label="Program output with lower third"
          />
          <div className="flex flex-wrap items-center gap-3">
            {feedRoom ? (
              <>
                <p role="status" data-testid="feed-state" data-state={feed.state} className="font-semibold">
                  Briefing feed: {CONNECTION_LABELS[feed.state]}
                  {feed.roomStats ? `, ${feed.roomStats.viewers} watching` : ''}
                </p>
                <Button variant="secondary" onClick={() => setFeedRoom(null)}>
                  Stop the briefing feed
                </Button>
              </>
            ) : (
              <Button variant="secondary" onClick={() => void handleStartFeed()} disabled={!compositor}>
                Start the briefing feed
              </Button>
            )}
          </div>
          {feedError ? <FormMessage tone="error">{feedError}</FormMessage> : null}
          {feed.state === 'failed' && feed.detail ? <FormMessage tone="error">{feed.detail}</FormMessage> : null}
          <ProgramRecorder stream={compositor?.stream ?? null} />
        </section>
      </div>

      <section aria-labelledby="multiview-heading" className="space-y-2">
        <h2 id="multiview-heading" className="text-lg font-semibold">
          Multiview ({liveCount} live{sources.length > liveCount ? `, ${sources.length - liveCount} offline` : ''})
        </h2>
        {rooms.isPending ? <Loading>Loading live rooms...</Loading> : null}
        {rooms.isError ? <FormMessage tone="error">{`Live rooms could not be loaded: ${describeError(rooms.error)}`}</FormMessage> : null}
        {rooms.data && liveCount === 0 ? (
          <p className="text-ink-muted">No one is live. Sources appear here as field units, cameras and encoders go live.</p>
        ) : null}
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {sources.map((room) => {
            const badge =
              room.id === programId ? (
                <Badge tone="program">PGM</Badge>
              ) : room.id === previewId ? (
                <Badge tone="preview">PVW</Badge>
              ) : undefined;
            const ring = room.id === programId ? 'ring-2 ring-danger' : room.id === previewId ? 'ring-2 ring-success' : undefined;
            return (
              <li key={room.id}>
                {isRoomLive(room) ? (
                  <VideoTile
                    room={room}
                    videoRef={videoRefFor(room.id)}
                    onSelect={() => setPreviewId(room.id)}
                    selectLabel={`Preview ${room.name}`}
                    badge={badge}
                    className={ring}
                  />
                ) : (
                  <OfflineTile
                    room={room}
                    onSelect={() => setPreviewId(room.id)}
                    selectLabel={`Preview ${room.name} (offline)`}
                    badge={badge}
                    className={ring}
                  />
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
