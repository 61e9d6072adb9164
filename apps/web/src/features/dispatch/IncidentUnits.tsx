import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Incident } from '@argus/contracts/http/incidents';
import { DISPATCH_STATUSES, type DispatchStatus } from '@argus/contracts/units';
import type { Assignment } from '@argus/contracts/http/units';
import { Button } from '../../components/ui/Button';
import { describeError } from '../../lib/api-error';
import { formatClock } from '../../lib/time-format';
import { DISPATCH_STATUS_LABELS } from '../incidents/incident-labels';
import { AssignmentActions } from './AssignmentActions';
import { dispatchQueries } from './dispatch.queries';
import { isActiveAssignment } from './assignment-history';

export interface IncidentUnitsProps {
  incident: Incident;
  now: number;
  /** Command recalls and reassigns units; analysts only read. */
  canManage: boolean;
  /** The prompt's answers when every unit has left: resolve, send more, or keep it open in triage. */
  onResolve: () => void;
  onDispatchMore: () => void;
  onStandDown: () => void;
  standingDown: boolean;
}

/**
 * Every unit the incident has had, current first, each with the time of every milestone, so the
 * list never reads "None yet" after units have come and gone; and, once the last one has left
 * an incident still marked dispatched or on scene, a prompt asking command what next
 * (docs/decisions/0035-incident-management.md).
 */
export function IncidentUnits({ incident, now, canManage, ...answers }: IncidentUnitsProps) {
  const history = useQuery(dispatchQueries.forIncident(incident.id));
  const assignments = history.data ?? [];
  const active = assignments.filter(isActiveAssignment);
  const past = assignments.filter((assignment) => !isActiveAssignment(assignment));
  const allLeft = history.isSuccess && active.length === 0 && past.length > 0;
  const stillMarkedOut = incident.status === 'dispatched' || incident.status === 'on_scene';

  return (
    <section aria-labelledby="assigned-heading" className="space-y-2">
      <h3 id="assigned-heading" className="text-base font-semibold">
        Units on this incident
      </h3>
      {history.isError ? <p className="text-sm text-danger">{`Could not load the units: ${describeError(history.error)}`}</p> : null}
      {history.isPending ? <p className="text-sm text-ink-muted">Loading the units...</p> : null}
      {history.isSuccess && assignments.length === 0 ? <p className="text-sm text-ink-muted">No unit has been dispatched yet.</p> : null}
      {allLeft && stillMarkedOut && canManage ? (
        <div role="alert" className="space-y-2 rounded-md border border-gold bg-surface-sunken p-3 text-sm" data-testid="all-units-left">
          <p className="font-semibold">All units have left this incident.</p>
          <p>Resolve it with a disposition, dispatch more units, or stand it down to triage to keep it open.</p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={answers.onResolve}>Resolve…</Button>
            <Button variant="secondary" onClick={answers.onDispatchMore}>
              Dispatch more units
            </Button>
            <Button variant="secondary" disabled={answers.standingDown} onClick={answers.onStandDown}>
              Stand down to triage
            </Button>
          </div>
        </div>
      ) : null}
      {active.length > 0 ? (
        <ul className="space-y-1 text-sm" aria-label="Units assigned now">
          {active.map((assignment) => (
            <AssignmentRow key={assignment.id} assignment={assignment} now={now}>
              {canManage ? <AssignmentActions assignment={assignment} incident={incident} /> : null}
            </AssignmentRow>
          ))}
        </ul>
      ) : null}
      {past.length > 0 ? (
        <>
          <h4 className="text-sm font-semibold text-ink-muted">Earlier on this incident</h4>
          <ul className="space-y-1 text-sm" aria-label="Units that have left">
            {past.map((assignment) => (
              <AssignmentRow key={assignment.id} assignment={assignment} now={now} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function AssignmentRow({ assignment, now, children }: { assignment: Assignment; now: number; children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const reached = DISPATCH_STATUSES.filter((status) => assignment.milestones[status] !== undefined);
  return (
    <li className="space-y-1 rounded-md border border-line px-3 py-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">{assignment.callsign}</span>
        <span>{DISPATCH_STATUS_LABELS[assignment.status]}</span>
      </div>
      <p className="text-ink-muted">{reached.map((status) => milestoneText(status, assignment.milestones[status]!, now)).join(' · ')}</p>
      {assignment.cancelReason ? <p>{`Reason: ${assignment.cancelReason}`}</p> : null}
      {children ? (
        <div>
          <Button variant="ghost" aria-expanded={open} onClick={() => setOpen(!open)} className="-ml-2 px-2">
            {open ? 'Hide actions' : `Recall or reassign ${assignment.callsign}`}
          </Button>
          {open ? children : null}
        </div>
      ) : null}
    </li>
  );
}

const milestoneText = (status: DispatchStatus, at: number, now: number) => `${DISPATCH_STATUS_LABELS[status]} ${formatClock(at, now)}`;
