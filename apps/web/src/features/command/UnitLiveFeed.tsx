import { useState } from 'react';
import { Video } from 'lucide-react';
import { unitRoomId } from '@argus/contracts/http/streams';
import type { Unit } from '@argus/contracts/http/units';
import { useStreamRooms } from '../streams/useStreamRooms';
import { LiveFeedDialog } from '../video/LiveFeedDialog';

/** On a unit's map card: "Watch live" while the unit is on air, opening its feed enlarged. */
export function UnitLiveFeed({ unit }: { unit: Unit }) {
  const rooms = useStreamRooms();
  const [open, setOpen] = useState(false);
  const room =
    rooms.data?.find(
      (candidate) => (candidate.id === unitRoomId(unit.id) || candidate.unitId === unit.id) && candidate.status === 'live',
    ) ?? null;
  if (!room) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="mt-1 inline-flex min-h-11 items-center gap-2 rounded-md bg-danger-surface px-3 font-semibold text-white hover:brightness-110"
      >
        <Video aria-hidden="true" className="size-4" />
        Watch live
      </button>
      <LiveFeedDialog room={open ? room : null} onClose={() => setOpen(false)} />
    </>
  );
}
