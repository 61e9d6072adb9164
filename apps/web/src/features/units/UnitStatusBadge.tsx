import type { UnitStatus } from '@argus/contracts/units';
import { UNIT_STATUS_COLOURS } from '../../lib/map/palette';
import { UNIT_STATUS_LABELS } from './unit-labels';

/** Status in words with the dot colour the map uses for it. */
export function UnitStatusBadge({ status }: { status: UnitStatus }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-sm">
      <span aria-hidden="true" className="inline-block size-2.5 rounded-full" style={{ backgroundColor: UNIT_STATUS_COLOURS[status] }} />
      {UNIT_STATUS_LABELS[status]}
    </span>
  );
}
