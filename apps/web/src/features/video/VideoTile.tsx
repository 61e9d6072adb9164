import { useState, type ReactNode } from 'react';
import type { StreamRoom } from '@argus/contracts/http/streams';
import { formatBitrate, formatMs } from '../../lib/webrtc/stats';
import { cn } from '../../lib/class-names';
import { CONNECTION_LABELS, useRoomConnection } from './useRoomConnection';
import { useStats } from './useStats';
import { VideoView } from './VideoView';

export interface VideoTileProps {
  room: StreamRoom;
  /** Larger picture and the full figures. */
  enlarged?: boolean;
  onSelect?: () => void;
  selectLabel?: string;
  /** Overlay in the corner (a "preview" or "program" badge). */
  badge?: ReactNode;
  className?: string;
  videoRef?: (element: HTMLVideoElement | null) => void;
}

/**
 * One live room watched through the SFU: the picture, who publishes, and its real latency
 * (round trip and jitter-buffer delay from getStats) and bitrate as this browser receives it.
 */
export function VideoTile({ room, enlarged, onSelect, selectLabel, badge, className, videoRef }: VideoTileProps) {
  const view = useRoomConnection({ room: room.id, role: 'view' });
  const stats = useStats(view.pc, 'receive');
  const [hasFrames, setHasFrames] = useState(false);
  const live = view.state === 'live';
  const telemetry = view.telemetry;

  return (
    <figure
      data-room={room.id}
      data-state={view.state}
      className={cn(
        'relative flex flex-col overflow-hidden rounded-lg border bg-black',
        live ? 'border-line' : 'border-warning',
        className,
      )}
    >
      <VideoView
        stream={view.stream}
        videoRef={videoRef}
        onLoadedData={() => setHasFrames(true)}
        className={cn('w-full', enlarged ? 'aspect-video max-h-[70dvh]' : 'aspect-video')}
        aria-label={`Live video: ${room.name}`}
      />
      {!hasFrames || !live ? (
        <p role="status" className="absolute inset-x-0 top-1/3 text-center text-sm text-white drop-shadow">
          {CONNECTION_LABELS[view.state]}
          {view.detail ? `: ${view.detail}` : '...'}
        </p>
      ) : null}
      {badge ? <div className="absolute left-2 top-2">{badge}</div> : null}
      <figcaption className="flex flex-wrap items-center gap-x-3 gap-y-1 bg-surface-sunken px-2 py-1.5 text-xs">
        <span className="font-semibold text-ink">{room.name}</span>
        {room.publisher ? <span className="text-ink-muted">{room.publisher.name}</span> : null}
        <span
          className="ml-auto font-mono tabular-nums text-ink"
          data-stat="latency"
          title="Round trip and jitter-buffer delay as received here"
        >
          RTT {formatMs(stats?.rtt ?? null)} · buffer {formatMs(stats?.jitterBufferDelay ?? null)}
        </span>
        <span className="font-mono tabular-nums text-ink" data-stat="bitrate">
          {formatBitrate(stats?.bitrate ?? null)}
        </span>
        {enlarged && telemetry ? (
          <span className="w-full text-ink-muted">
            {telemetry.lat !== null && telemetry.lon !== null ? `${telemetry.lat.toFixed(5)}, ${telemetry.lon.toFixed(5)}` : 'No position'}
            {telemetry.heading !== null ? ` · heading ${telemetry.heading}°` : ''}
            {telemetry.battery !== null ? ` · battery ${Math.round(telemetry.battery * 100)}%` : ''}
          </span>
        ) : null}
      </figcaption>
      {onSelect ? (
        <button
          type="button"
          onClick={onSelect}
          className="absolute inset-0 focus-visible:outline focus-visible:outline-2 focus-visible:outline-gold"
          aria-label={selectLabel ?? `Select ${room.name}`}
        />
      ) : null}
    </figure>
  );
}
