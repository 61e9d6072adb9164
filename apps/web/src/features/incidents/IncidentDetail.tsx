import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, MapPin, Pencil, Printer } from 'lucide-react';
import { INCIDENT_TRANSITIONS, needsDisposition } from '@argus/contracts/incidents';
import { editableIncidentFields, movesIncidentStatus } from '@argus/contracts/policies/incident-editing';
import type { Incident } from '@argus/contracts/http/incidents';
import type { Unit } from '@argus/contracts/http/units';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { describeError } from '../../lib/api-error';
import { useCoordinateFormat } from '../../lib/geo/coordinate-preference';
import { coordinateReadings } from '../../lib/geo/format-coordinate';
import { formatAge, formatClock, formatDateTime } from '../../lib/time-format';
import { useAuth } from '../auth/auth-context';
import { CallerLinksPanel } from '../caller-links/CallerLinksPanel';
import { DispatchPanel } from '../dispatch/DispatchPanel';
import { IncidentUnits } from '../dispatch/IncidentUnits';
import { IncidentTimeline } from './IncidentTimeline';
import { DISPOSITION_LABELS, INCIDENT_STATUS_LABELS, THREAT_LEVEL_LABELS, incidentActionLabel } from './incident-labels';
import { IncidentClosingForm } from './IncidentClosingForm';
import { IncidentEditForm } from './IncidentEditForm';
import { incidentQueries } from './incidents.queries';
import { useUpdateIncidentMutation } from './incidents.mutations';
import { SeverityBadge } from './SeverityBadge';

export interface IncidentDetailProps {
  incidentId: string;
  /** The queue's copy, shown while the incident itself loads. */
  fallback: Incident | undefined;
  units: readonly Unit[];
  now: number;
  dispatchSelection: ReadonlySet<string>;
  onDispatchSelectionChange: (selected: Set<string>) => void;
  onBack: () => void;
  onShowOnMap: (incident: Incident) => void;
  /** Opens the incident's printable report (docs/decisions/0041-incident-report-and-a-demo-that-exercises-attention.md). */
  onPrintReport?: (incident: Incident) => void;
  /** Moves the map to a caller's shared position. */
  onShowPlaceOnMap?: (location: { lat: number; lon: number }) => void;
}

/** One incident: what and where, its status moves, the units on it, dispatch and the timeline. */
export function IncidentDetail(props: IncidentDetailProps) {
  const { incidentId, fallback, units, now, onBack, onShowOnMap, onPrintReport } = props;
  const detail = useQuery({ ...incidentQueries.detail(incidentId), placeholderData: fallback ? { incident: fallback } : undefined });
  const update = useUpdateIncidentMutation();
  const role = useAuth().user?.role;
  const editable = editableIncidentFields(role);
  const commands = movesIncidentStatus(role);
  // One form at a time under the summary: editing, or resolving/closing with a disposition.
  // Remembered with the incident it was opened on, so choosing another incident never carries it over.
  const [opened, setOpened] = useState<{ incidentId: string; form: 'edit' | 'resolved' | 'closed' } | null>(null);
  const form = opened?.incidentId === incidentId ? opened.form : null;
  const setForm = (next: 'edit' | 'resolved' | 'closed' | null) => setOpened(next ? { incidentId, form: next } : null);
  const incident = detail.data;
  const standDown = () => incident && update.mutate({ id: incident.id, changes: { status: 'triaged' } });
  const dispatchMore = () => document.getElementById('dispatch-heading')?.scrollIntoView({ behavior: 'smooth', block: 'start' });

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
                <dd>{THREAT_LEVEL_LABELS[incident.threatLevel]}</dd>
              </>
            ) : null}
            <dt className="text-ink-muted">Where</dt>
            <dd>
              <IncidentWhere location={incident.location} />
            </dd>
            {incident.disposition ? (
              <>
                <dt className="text-ink-muted">Outcome</dt>
                <dd data-testid="incident-disposition">
                  <span className="font-semibold">{DISPOSITION_LABELS[incident.disposition.code]}</span>
                  <span className="block whitespace-pre-wrap">{incident.disposition.summary}</span>
                  {incident.disposition.publicNote ? (
                    <span className="block whitespace-pre-wrap">{`Told the public: ${incident.disposition.publicNote}`}</span>
                  ) : null}
                  <span className="block text-ink-muted">
                    {`${incident.disposition.by ?? 'Someone'}, ${formatDateTime(incident.disposition.at)}`}
                  </span>
                </dd>
              </>
            ) : null}
          </dl>
          {incident.description ? <p className="whitespace-pre-wrap text-sm">{incident.description}</p> : null}
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => onShowOnMap(incident)}>
              <MapPin aria-hidden="true" className="size-4" />
              Show on map
            </Button>
            {onPrintReport ? (
              <Button variant="secondary" onClick={() => onPrintReport(incident)}>
                <Printer aria-hidden="true" className="size-4" />
                Print incident report
              </Button>
            ) : null}
            {editable.length > 0 && incident.status !== 'closed' ? (
              <Button variant="secondary" aria-expanded={form === 'edit'} onClick={() => setForm(form === 'edit' ? null : 'edit')}>
                <Pencil aria-hidden="true" className="size-4" />
                {editable.length === 1 ? 'Change threat level' : 'Edit incident'}
              </Button>
            ) : null}
            {commands
              ? INCIDENT_TRANSITIONS[incident.status].map((status) => (
                  <Button
                    key={status}
                    variant="secondary"
                    disabled={update.isPending}
                    onClick={() =>
                      status === 'resolved' || status === 'closed'
                        ? setForm(status)
                        : update.mutate({ id: incident.id, changes: { status } })
                    }
                  >
                    {incidentActionLabel(incident.status, status)}
                  </Button>
                ))
              : null}
          </div>
          {update.isError ? (
            <FormMessage tone="error">{`Could not change the incident: ${describeError(update.error)}`}</FormMessage>
          ) : null}
          {form === 'edit' ? <IncidentEditForm incident={incident} editable={editable} onDone={() => setForm(null)} /> : null}
          {form !== null && form !== 'edit' && needsDisposition(form) ? (
            <IncidentClosingForm incident={incident} target={form} onDone={() => setForm(null)} />
          ) : null}

          <IncidentUnits
            incident={incident}
            now={now}
            canManage={commands}
            onResolve={() => setForm('resolved')}
            onDispatchMore={dispatchMore}
            onStandDown={standDown}
            standingDown={update.isPending}
          />

          <DispatchPanel
            incident={incident}
            units={units}
            now={now}
            selected={props.dispatchSelection}
            onSelectedChange={props.onDispatchSelectionChange}
          />
          <CallerLinksPanel
            incident={incident}
            now={now}
            onShowOnMap={props.onShowPlaceOnMap ? (link) => link.position && props.onShowPlaceOnMap?.(link.position) : undefined}
          />
          <IncidentTimeline key={incident.id} incidentId={incident.id} />
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
