import { LocateFixed, LocateOff } from 'lucide-react';
import { cn } from '../../lib/class-names';
import { useOnline } from '../../lib/useOnline';

export interface SharingStripProps {
  sharing: boolean;
  onDuty: boolean;
  /** The phone gives a position (false when location is blocked, fails or is missing). */
  located: boolean;
  onSharingChange: (on: boolean) => void;
}

/**
 * At the top of the page, where nobody misses it: whether command follows this phone, and the one
 * tap that pauses or resumes it (docs/decisions/0043-the-field-phone-offline-and-attention.md).
 */
export function SharingStrip({ sharing, onDuty, located, onSharingChange }: SharingStripProps) {
  // Only a position actually sent is "sharing": with location blocked, the strip said so while nothing went.
  const shared = sharing && onDuty && located;
  // With no signal the positions wait in the outbox: "sharing with command", in green under the
  // offline banner, let a crew in a dead zone believe command could see where they were.
  const online = useOnline();
  const live = shared && online;
  const Icon = shared ? LocateFixed : LocateOff;
  return (
    <div
      role="status"
      className={cn(
        'flex min-h-12 items-center gap-3 rounded-xl border-2 px-3 py-2',
        live ? 'border-success text-success' : 'border-warning text-warning',
      )}
    >
      <Icon aria-hidden="true" className="size-5 shrink-0" />
      <p className="flex-1 font-semibold">{stripText(live, shared, sharing, onDuty)}</p>
      {onDuty ? (
        <button
          type="button"
          onClick={() => onSharingChange(!sharing)}
          className="min-h-11 rounded-lg border-2 border-current px-3 font-semibold text-ink hover:bg-surface-sunken"
        >
          {sharing ? 'Pause' : 'Resume'}
        </button>
      ) : null}
    </div>
  );
}

function stripText(live: boolean, shared: boolean, sharing: boolean, onDuty: boolean): string {
  if (live) return 'Sharing your position with command';
  if (shared) return 'Position kept on this phone: command sees it when the signal returns';
  if (!sharing) return 'Position sharing paused';
  return onDuty ? 'Position not shared: this phone gives no location' : 'Position not shared: out of service';
}
