import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, MapPin } from 'lucide-react';
import { INCIDENT_TRANSITIONS } from '@argus/contracts/incidents';
import type { Incident } from '@argus/contracts/http/incidents';
import type { Assignment, Unit } from '@argus/contracts/http/units';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { describeError } from '../../lib/api-error';
import { useCoordinateFormat } from '../../lib/geo/coordinate-preference';
import { coordinateReadings } from '../../lib/geo/format-coordinate';
import { formatAge, formatClock } from '../../lib/time-format';
import { DispatchPanel } from '../dispatch/DispatchPanel';
import { IncidentTimeline } from './IncidentTimeline';
import { DISPATCH_STATUS_LABELS, INCIDENT_STATUS_ACTIONS, INCIDENT_STATUS_LABELS } from './incident-labels';
import { incidentQueries } from './incidents.queries';
import { useUpdateIncidentMutation } from './incidents.mutations';
import { SeverityBadge } from './SeverityBadge';

export interface IncidentDetailProps {
  incidentId: string;
  /** The queue's copy, shown while the incident itself loads. */
  fallback: Incident | undefined;
  units: readonly Unit[];
  assignments: { data: readonly Assignment[] | undefined; error: unknown };
  now: number;
  dispatchSelection: ReadonlySet<string>;
  onDispatchSelectionChange: (selected: Set<string>) => void;
  onBack: () => void;
  onShowOnMap: (incident: Incident) => void;
}

/** One incident: what and where, its status moves, the units on it, dispatch and the timeline. */
export function IncidentDetail(props: IncidentDetailProps) {
  const { incidentId, fallback, units, assignments, now, onBack, onShowOnMap } = props;
  const detail = useQuery({ ...incidentQueries.detail(incidentId), placeholderData: fallback ? { incident: fallback } : undefined });
  const update = useUpdateIncidentMutation();
  const incident = detail.data;
  const onIncident = assignments.data?.filter((assignment) => assignment.incidentId === incidentId) ?? [];

  return (
    <section aria-labelledby="incident-detail-heading" className="space-y-4">
      <Button variant="ghost" onClick={onBack} className="-ml-2 px-2">
        <ArrowLeft aria-hidden="true" className="size-4" />
        All open incidents
      </Button>
      {detail.isError && !incident ? <p className="text-danger">{`Could not load the incident: ${describeError(detail.error)}`}</p> : null}
      {!incident && detail.isPending ? <p className="text-ink-muted">Loading the incident...</p> : null}
      {incident ? (
        <>
          <div className="space-y-1">
            <h2 id="incident-detail-heading" className="text-lg font-semibold">
              {incident.title}
            </h2>
            <p className="font-mono text-sm text-ink-muted">{incident.reference}</p>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-ink-muted">Severity</dt>
            <dd>
              <SeverityBadge severity={incident.severity} />
            </dd>
            <dt className="text-ink-muted">Status</dt>
            <dd>{INCIDENT_STATUS_LABELS[incident.status]}</dd>
            <dt className="text-ink-muted">Category</dt>
            <dd>{incident.category}</dd>
            <dt className="text-ink-muted">Opened</dt>
            <dd>{`${formatClock(incident.createdAt, now)} (${formatAge(incident.createdAt, now)})`}</dd>
            {incident.threatLevel ? (
              <>
                <dt className="text-ink-muted">Threat</dt>
                <dd>{incident.threatLevel}</dd>
              </>
            ) : null}
            <dt className="text-ink-muted">Where</dt>
            <dd>
              <IncidentWhere location={incident.location} />
            </dd>
          </dl>
          {incident.description ? <p className="whitespace-pre-wrap text-sm">{incident.description}</p> : null}
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => onShowOnMap(incident)}>
              <MapPin aria-hidden="true" className="size-4" />
              Show on map
            </Button>
            {INCIDENT_TRANSITIONS[incident.status].map((status) => (
              <Button
                key={status}
                variant="secondary"
                disabled={update.isPending}
                onClick={() => update.mutate({ id: incident.id, changes: { status } })}
              >
                {INCIDENT_STATUS_ACTIONS[status]}
              </Button>
            ))}
          </div>
          {update.isError ? (
            <FormMessage tone="error">{`Could not change the incident: ${describeError(update.error)}`}</FormMessage>
          ) : null}

          <section aria-labelledby="assigned-heading" className="space-y-2">
            <h3 id="assigned-heading" className="text-base font-semibold">
              Units on this incident
            </h3>
            {assignments.error ? (
              <p className="text-sm text-danger">{`Could not load assignments: ${describeError(assignments.error)}`}</p>
            ) : null}
            {assignments.data && onIncident.length === 0 ? <p className="text-sm text-ink-muted">None yet.</p> : null}
            {onIncident.length > 0 ? (
              <ul className="space-y-1 text-sm">
                {onIncident.map((assignment) => {
                  const since = assignment.milestones[assignment.status];
                  return (
                    <li key={assignment.id} className="flex flex-wrap justify-between gap-2 rounded-md border border-line px-3 py-2">
                      <span className="font-semibold">{assignment.callsign}</span>
                      <span>{`${DISPATCH_STATUS_LABELS[assignment.status]}${since ? ` since ${formatClock(since, now)}` : ''}`}</span>
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </section>

          <DispatchPanel
            incident={incident}
            units={units}
            now={now}
            selected={props.dispatchSelection}
            onSelectedChange={props.onDispatchSelectionChange}
          />
          <IncidentTimeline incidentId={incident.id} now={now} />
        </>
      ) : null}
    </section>
  );
}

/** The place in the reader's format, then the other grid (docs/decisions/0031-coordinates-in-every-format.md). */
function IncidentWhere({ location }: { location: { lat: number; lon: number } }) {
  const format = useCoordinateFormat();
  return coordinateReadings(location, format).map((reading) => (
    <span key={reading.name} className="block font-mono">
      {reading.name === 'Lat/lon' ? reading.text : `${reading.name} ${reading.text}`}
    </span>
  ));
}
