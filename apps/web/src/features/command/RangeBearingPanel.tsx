import { Ruler } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { useCoordinateFormat } from '../../lib/geo/coordinate-preference';
import { compassPoint, formatDistance } from '../../lib/geo/distance';
import { formatCoordinate } from '../../lib/geo/format-coordinate';
import type { RangeMeasure, ResolvedEnd } from './useRangeBearing';

/** "047°": bearings are read as three digits. */
function formatBearing(degrees: number): string {
  return `${String(Math.round(degrees) % 360).padStart(3, '0')}°`;
}

/** The range-and-bearing tool's switch and what it measured, over the command map. */
export function RangeBearingPanel({
  active,
  onActiveChange,
  measure,
}: {
  active: boolean;
  onActiveChange: (active: boolean) => void;
  measure: RangeMeasure;
}) {
  const format = useCoordinateFormat();
  const name = (end: ResolvedEnd) => end.callsign ?? formatCoordinate(end.point, format);
  const { from, to, result } = measure;
  return (
    <div className="absolute bottom-28 left-2 z-10 flex max-w-[calc(100%-1rem)] flex-col items-start gap-1 text-sm">
      <Button
        variant={active ? 'primary' : 'secondary'}
        aria-pressed={active}
        onClick={() => onActiveChange(!active)}
        className="min-h-9 px-3 py-1"
      >
        <Ruler aria-hidden="true" className="size-4" />
        Range and bearing
      </Button>
      {active ? (
        <div
          role="status"
          aria-live="polite"
          data-testid="range-bearing"
          className="w-80 max-w-full rounded-md border border-gold bg-surface/95 p-2"
        >
          {!from ? <p>Click a unit or a place to measure from. Escape stops.</p> : null}
          {from && !to ? <p>{`From ${name(from)}. Now click where to measure to.`}</p> : null}
          {from && to && result ? (
            <>
              <p className="font-mono text-base font-semibold">{`${formatDistance(result.metres)} · ${formatBearing(result.bearing)} true (${compassPoint(result.bearing)})`}</p>
              <p className="text-ink-muted">{`From ${name(from)} to ${name(to)}. Click again to measure anew.`}</p>
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
