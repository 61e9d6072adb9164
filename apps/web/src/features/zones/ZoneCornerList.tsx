import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { CoordinateField } from '../../components/CoordinateField';
import { Button } from '../../components/ui/Button';
import { useCoordinateFormat } from '../../lib/geo/coordinate-preference';
import { formatCoordinate } from '../../lib/geo/format-coordinate';
import type { LatLon } from '../../lib/geo/mgrs';
import { addCorner, checkOutline, moveCorner, removeCorner, replaceCorner, type Corners } from './zone-corners';

export interface ZoneCornerListProps {
  corners: Corners;
  onChange: (corners: LatLon[]) => void;
}

/**
 * The zone's corners in order, each typed in any coordinate format (docs/decisions/0031-coordinates-in-every-format.md).
 * The map numbers the same corners, so a corner here and a handle there are the same one.
 */
export function ZoneCornerList({ corners, onChange }: ZoneCornerListProps) {
  const format = useCoordinateFormat();
  const check = checkOutline(corners);
  return (
    <fieldset className="space-y-2 rounded-md border border-line p-3" aria-describedby="zone-corner-check">
      <legend className="px-1 font-medium">{`Corners (${corners.length})`}</legend>
      {corners.length > 0 ? (
        <ol className="space-y-2">
          {corners.map((corner, index) => (
            // The position is the corner's identity: the list is its order.
            <li key={index} className="space-y-1 rounded-md border border-line/60 p-2" aria-label={`Corner ${index + 1}`}>
              <div className="flex items-center gap-1">
                <span className="flex-1 text-sm">
                  <span className="font-semibold">{`${index + 1}. `}</span>
                  <span className="font-mono">{formatCoordinate(corner, format)}</span>
                </span>
                <Button
                  variant="ghost"
                  className="px-2"
                  aria-label={`Move corner ${index + 1} up`}
                  disabled={index === 0}
                  onClick={() => onChange(moveCorner(corners, index, -1))}
                >
                  <ArrowUp aria-hidden="true" className="size-4" />
                </Button>
                <Button
                  variant="ghost"
                  className="px-2"
                  aria-label={`Move corner ${index + 1} down`}
                  disabled={index === corners.length - 1}
                  onClick={() => onChange(moveCorner(corners, index, 1))}
                >
                  <ArrowDown aria-hidden="true" className="size-4" />
                </Button>
                <Button
                  variant="ghost"
                  className="px-2"
                  aria-label={`Remove corner ${index + 1}`}
                  onClick={() => onChange(removeCorner(corners, index))}
                >
                  <X aria-hidden="true" className="size-4" />
                </Button>
              </div>
              <details>
                <summary className="cursor-pointer text-sm text-ink-muted">Type a new place for this corner</summary>
                <CoordinateField
                  label={`New place of corner ${index + 1}`}
                  actionLabel="Move"
                  onLocate={(point) => onChange(replaceCorner(corners, index, point))}
                />
              </details>
            </li>
          ))}
        </ol>
      ) : null}
      <CoordinateField
        label="Add a corner (MGRS, UTM or degrees)"
        name="zone-corner"
        actionLabel="Add"
        onLocate={(point) => onChange(addCorner(corners, point))}
      />
      <p id="zone-corner-check" className={check.ok ? 'text-sm text-ink-muted' : 'text-sm text-warning'}>
        {check.ok ? 'The outline is a valid zone.' : check.problem}
      </p>
    </fieldset>
  );
}
