import { useId } from 'react';
import { Compass, Navigation } from 'lucide-react';
import type { Assignment } from '@argus/contracts/http/units';
import type { Location } from '@argus/contracts/http/incidents';
import { DISPATCH_TRANSITIONS, type DispatchStatus } from '@argus/contracts/units';
import { bearingDegrees, compassPoint, distanceMetres, formatDistance } from '../../lib/geo/distance';
import { useCoordinateFormat } from '../../lib/geo/coordinate-preference';
import { coordinateReadings } from '../../lib/geo/format-coordinate';
import { cn } from '../../lib/class-names';
import { AsOfTag } from '../../components/outbox/AsOfTag';
import { clockTime } from '../../lib/time-format';
import { DISPATCH_STATUS_LABELS } from '../incidents/incident-labels';
import { CREW_MILESTONES } from './field-unit-texts';

const SEVERITY_TONES: Record<string, string> = {
  low: 'border-line text-ink',
  medium: 'border-warning text-warning',
  high: 'border-danger text-danger',
  critical: 'border-danger bg-danger-surface text-white',
};

export interface AssignmentPanelProps {
  assignment: Assignment | undefined;
  /** The assignment command last took back, shown with its reason while there is no other. */
  recalled?: Assignment | undefined;
  /** Where I am: the device's fix, else the unit's last reported position. */
  here: Location | null;
  /** Milestones tapped and not yet sent, in order: each shows as reached, the last is the status. */
  pendingStatuses: readonly DispatchStatus[];
  onSetStatus: (status: DispatchStatus) => void;
  loading: boolean;
  error: string | null;
  /** When the server gave the assignments: shown as "as of" while they are from an earlier visit. */
  dataUpdatedAt: number;
}

/** My current assignment: where it is (distance, bearing, MGRS) and the milestone buttons. */
export function AssignmentPanel({
  assignment,
  recalled,
  here,
  pendingStatuses,
  onSetStatus,
  loading,
  error,
  dataUpdatedAt,
}: AssignmentPanelProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-line bg-surface-raised p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          Assignment
        </h2>
        <AsOfTag dataUpdatedAt={dataUpdatedAt} />
      </div>
      {assignment ? (
        <AssignmentDetail assignment={assignment} here={here} pendingStatuses={pendingStatuses} onSetStatus={onSetStatus} />
      ) : error ? (
        <p className="text-danger">{`Assignments could not be loaded: ${error}`}</p>
      ) : (
        <>
          {recalled ? <RecallNotice recalled={recalled} /> : null}
          <p className="text-ink-muted">{loading ? 'Loading...' : 'No assignment. When command assigns your unit, it appears here.'}</p>
        </>
      )}
    </section>
  );
}

function AssignmentDetail({
  assignment,
  here,
  pendingStatuses,
  onSetStatus,
}: Omit<AssignmentPanelProps, 'assignment' | 'loading' | 'error' | 'dataUpdatedAt'> & { assignment: Assignment }) {
  const { incident } = assignment;
  const pendingStatus = pendingStatuses.at(-1) ?? null;
  const status = pendingStatus ?? assignment.status;
  const allowed: readonly DispatchStatus[] = DISPATCH_TRANSITIONS[status];
  // The field reads the grid reference first until the user chooses otherwise.
  const [where] = coordinateReadings(incident.location, useCoordinateFormat('mgrs'));
  const distance = here ? distanceMetres(here, incident.location) : null;
  const bearing = here ? bearingDegrees(here, incident.location) : null;
  return (
    <div className="space-y-3" data-assignment-status={assignment.status}>
      <div>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-mono text-ink-muted">{incident.reference}</span>
          <span className={cn('rounded border px-1.5 py-0.5 text-xs font-semibold uppercase', SEVERITY_TONES[incident.severity])}>
            {incident.severity}
          </span>
          <span className="text-ink-muted">{incident.category}</span>
        </p>
        <p className="text-xl font-bold">{incident.title}</p>
        {incident.description ? <p className="mt-1 whitespace-pre-wrap text-ink-muted">{incident.description}</p> : null}
      </div>
      <dl className="grid grid-cols-2 gap-2">
        <div className="rounded-lg bg-surface p-3">
          <dt className="flex items-center gap-1 text-sm text-ink-muted">
            <Navigation aria-hidden="true" className="size-4" />
            Distance
          </dt>
          <dd className="text-2xl font-bold">{distance === null ? '—' : formatDistance(distance)}</dd>
        </div>
        <div className="rounded-lg bg-surface p-3">
          <dt className="flex items-center gap-1 text-sm text-ink-muted">
            <Compass aria-hidden="true" className="size-4" />
            Bearing
          </dt>
          <dd className="text-2xl font-bold">{bearing === null ? '—' : `${compassPoint(bearing)} ${Math.round(bearing)}°`}</dd>
        </div>
        <div className="col-span-2 rounded-lg bg-surface p-3">
          <dt className="text-sm text-ink-muted">{`Location (${where.name})`}</dt>
          <dd className="font-mono text-xl font-semibold">{where.text}</dd>
        </div>
      </dl>
      {here === null ? <p className="text-sm text-ink-muted">Distance and bearing appear once this device knows where it is.</p> : null}
      <p>
        <span className="text-ink-muted">Assignment: </span>
        <span className="font-semibold">{DISPATCH_STATUS_LABELS[status]}</span>
        {pendingStatus && pendingStatus !== assignment.status ? <span className="ml-2 text-sm text-warning">(waiting to send)</span> : null}
        {assignment.milestones.assigned ? (
          <span className="ml-2 text-sm text-ink-muted">{`assigned ${clockTime(assignment.milestones.assigned)}`}</span>
        ) : null}
      </p>
      <div role="group" aria-label="Assignment milestones" className="grid grid-cols-2 gap-2">
        {CREW_MILESTONES.map(({ status: milestone, label }) => {
          // A milestone tapped with no signal is reached too: "En route" went grey once "On scene" followed it offline.
          const reached = milestone in assignment.milestones || milestone === status || pendingStatuses.includes(milestone);
          const possible = allowed.includes(milestone);
          return (
            // Narrow padding, and a step smaller type below 390 px: "Acknowledge" is one long word, and
            // the page's break-word wrap cut it as "Acknowledg / e" in a half-width button on a phone.
            <button
              key={milestone}
              type="button"
              disabled={!possible}
              onClick={() => onSetStatus(milestone)}
              className={cn(
                'min-h-16 rounded-lg border-2 px-1 py-2 text-base font-semibold transition-colors disabled:cursor-not-allowed min-[390px]:text-lg',
                possible
                  ? 'border-gold bg-surface text-ink hover:bg-gold hover:text-on-gold'
                  : 'border-line bg-surface text-ink-muted opacity-60',
                reached && 'border-success text-success opacity-100',
              )}
            >
              {label}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** "Recalled from INC-…: the reason", so a crew whose job vanished knows it was on purpose. */
function RecallNotice({ recalled }: { recalled: Assignment }) {
  const at = recalled.milestones.cancelled;
  return (
    <p role="status" className="rounded-md border border-warning p-3 text-warning">
      {`Recalled from ${recalled.incident.reference}${at ? ` at ${clockTime(at, true)}` : ''}: ${recalled.cancelReason ?? 'no reason given'}`}
    </p>
  );
}
