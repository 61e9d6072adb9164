import { Siren } from 'lucide-react';
import type { Unit } from '@argus/contracts/http/units';
import { clockTime } from '../../lib/time-format';

/**
 * The sticky emergency state: once SOS is raised it stays on screen until command clears it on
 * the server; before the server has it, it says plainly that it is not yet sent.
 */
export function EmergencyBanner({ unit, waiting }: { unit: Unit; waiting: boolean }) {
  if (!unit.emergency && !waiting) return null;
  return (
    <div
      role="alert"
      className="sticky top-16 z-10 flex items-start gap-3 rounded-xl border-2 border-danger bg-danger-surface p-4 text-white shadow-lg"
    >
      <Siren aria-hidden="true" className="mt-0.5 size-7 shrink-0 animate-pulse" />
      <div>
        <p className="text-xl font-bold">{`SOS — ${unit.callsign} in emergency`}</p>
        {unit.emergency ? (
          <>
            <p>{`Command was alerted at ${clockTime(unit.emergency.since)}. This stays until command clears it.`}</p>
            {/* Told live when command acknowledges (docs/decisions/0036-command-inbox-and-attention.md). */}
            {unit.emergency.seen ? (
              <p role="status" className="mt-2 rounded-md bg-black/30 px-2 py-1 text-lg font-bold">
                {`SOS seen by ${unit.emergency.seen.by} at ${clockTime(unit.emergency.seen.at, true)}`}
              </p>
            ) : (
              <p className="mt-2">Waiting for command to acknowledge.</p>
            )}
          </>
        ) : (
          <p>Not yet sent: no connection. It goes first the moment there is signal. Use any other way to call for help you have.</p>
        )}
      </div>
    </div>
  );
}
