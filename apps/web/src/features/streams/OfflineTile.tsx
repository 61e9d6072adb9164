import type { ReactNode } from 'react';
import type { StreamRoom } from '@argus/contracts/http/streams';
import { offlineReason } from '@argus/contracts/policies/live-rooms';
import { cn } from '../../lib/class-names';

export interface OfflineTileProps {
  room: StreamRoom;
  onSelect: () => void;
  selectLabel: string;
  badge?: ReactNode;
  className?: string;
}

/**
 * A multiview source with no live publisher (docs/decisions/0059-only-rooms-with-a-publisher-are-live.md):
 * a labelled slate instead of a video element, so nobody mistakes black for a picture and no SFU
 * connection is opened for a room that has nothing to send.
 */
export function OfflineTile({ room, onSelect, selectLabel, badge, className }: OfflineTileProps) {
  return (
    <figure
      data-room={room.id}
      data-state="offline"
      className={cn('relative flex flex-col overflow-hidden rounded-lg border border-dashed border-line bg-surface-sunken', className)}
    >
      <div className="flex aspect-video w-full flex-col items-center justify-center gap-1 p-3 text-center">
        <span className="rounded border border-line px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-ink">Offline</span>
        <span className="text-sm text-ink-muted">{offlineReason(room)}</span>
      </div>
      {badge ? <div className="absolute left-2 top-2">{badge}</div> : null}
      <figcaption className="flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-line px-2 py-1.5 text-xs">
        <span className="font-semibold text-ink">{room.name}</span>
        <span className="ml-auto text-ink-muted">No publisher</span>
      </figcaption>
      <button
        type="button"
        onClick={onSelect}
        className="absolute inset-0 focus-visible:outline focus-visible:outline-2 focus-visible:outline-gold"
        aria-label={selectLabel}
      />
    </figure>
  );
}
