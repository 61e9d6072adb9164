import type { TakPoint } from '@argus/contracts/http/tak-points';
import { formatAge, formatClock } from '../../lib/time-format';

/** Who placed a point: the Argus user its device spoke for and their unit, as far as known. */
function placedByText({ placedBy }: TakPoint): string {
  const who = placedBy.user?.name ?? (placedBy.unit ? 'a TAK device' : 'a TAK device bound to no unit');
  return `Placed by ${who}${placedBy.unit ? ` · ${placedBy.unit.callsign}` : ''}`;
}

/** What a point a TAK device placed is, who placed it and when, and until when it stays on the map. */
export function TakPointCard({ point, now }: { point: TakPoint; now: number }) {
  return (
    <div className="space-y-1 pr-8">
      <p className="flex items-center gap-2 font-semibold">
        <span
          aria-hidden="true"
          className="inline-block size-3 rounded-full border border-line"
          style={{ background: point.colour ?? undefined }}
        />
        {`${point.callsign} · ${point.what} from a TAK device`}
      </p>
      <p className="break-all font-mono text-xs text-ink-muted">{`${point.uid} · ${point.cotType}`}</p>
      {point.remarks ? <p className="line-clamp-3">{point.remarks}</p> : null}
      <p>{placedByText(point)}</p>
      <p className="break-all font-mono text-xs text-ink-muted">
        {`device ${point.placedBy.callsign ? `${point.placedBy.callsign} · ` : ''}${point.placedBy.uid}`}
      </p>
      <p className="text-ink-muted">
        {`Placed ${formatAge(point.placedAt, now)}`}
        {point.updatedAt > point.placedAt ? ` · changed ${formatAge(point.updatedAt, now)}` : ''}
        {` · leaves the map at ${formatClock(point.staleAt, now)}`}
      </p>
      {point.iconsetPath ? <p className="break-all text-xs text-ink-muted">{`Icon on the device: ${point.iconsetPath}`}</p> : null}
    </div>
  );
}
