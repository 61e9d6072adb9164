import { useId } from 'react';
import type { Unit } from '@argus/contracts/http/units';
import type { UnitStatus } from '@argus/contracts/units';
import { cn } from '../../lib/class-names';
import { AsOfTag } from '../../components/outbox/AsOfTag';
import { UNIT_STATUS_LABELS } from '../units/unit-labels';
import { CREW_STATUSES } from './field-unit-texts';

const STATUS_TONES: Record<UnitStatus, string> = {
  available: 'text-success',
  dispatched: 'text-gold',
  en_route: 'text-gold',
  on_scene: 'text-warning',
  out_of_service: 'text-ink-muted',
  offline: 'text-ink-muted',
};

export interface UnitPanelProps {
  unit: Unit;
  /** A status chosen here and not yet confirmed by the server. */
  pendingStatus: UnitStatus | null;
  onSetStatus: (status: UnitStatus) => void;
  /** When the server gave this unit's data: shown as "as of" while it is from an earlier visit. */
  dataUpdatedAt: number;
}

/** My unit: its callsign and status, and the four status buttons, big enough for a gloved thumb. */
export function UnitPanel({ unit, pendingStatus, onSetStatus, dataUpdatedAt }: UnitPanelProps) {
  const headingId = useId();
  const shown = pendingStatus ?? unit.status;
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-line bg-surface-raised p-4">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-xl font-bold">
          {unit.callsign}
        </h2>
        <AsOfTag dataUpdatedAt={dataUpdatedAt} />
        <span className="ml-auto text-sm uppercase tracking-wide text-ink-muted">{unit.kind}</span>
      </div>
      <p className="text-lg" data-unit-status={unit.status}>
        <span className="text-ink-muted">Status: </span>
        <span className={cn('font-semibold', STATUS_TONES[shown])}>{UNIT_STATUS_LABELS[shown]}</span>
        {pendingStatus && pendingStatus !== unit.status ? <span className="ml-2 text-sm text-warning">(waiting to send)</span> : null}
      </p>
      <div role="group" aria-label="Set unit status" className="grid grid-cols-2 gap-2">
        {CREW_STATUSES.map((status) => {
          const current = shown === status;
          return (
            <button
              key={status}
              type="button"
              aria-pressed={current}
              onClick={() => onSetStatus(status)}
              className={cn(
                'min-h-16 rounded-lg border-2 px-3 py-2 text-lg font-semibold transition-colors',
                current ? 'border-gold bg-gold text-on-gold' : 'border-line bg-surface text-ink hover:border-gold',
              )}
            >
              {UNIT_STATUS_LABELS[status]}
            </button>
          );
        })}
      </div>
    </section>
  );
}
