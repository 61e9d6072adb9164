import { useRealtimeStatus } from '../../lib/realtime';
import { cn } from '../../lib/class-names';

/** Whether what the page shows is live, said in words beside a dot. */
export function LiveStatus() {
  const status = useRealtimeStatus();
  const isLive = status === 'open';
  return (
    <p role="status" className="flex items-center gap-2 px-3 py-1.5 text-xs text-ink-muted">
      <span
        aria-hidden="true"
        className={cn('inline-block size-2 rounded-full', isLive ? 'bg-success' : 'bg-warning motion-safe:animate-pulse')}
      />
      {isLive
        ? 'Live'
        : status === 'connecting'
          ? 'Connecting to live updates...'
          : 'Live updates paused: reconnecting. Showing the last known picture.'}
    </p>
  );
}
