import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Printer } from 'lucide-react';
import type { Assignment } from '@argus/contracts/http/units';
import { DISPATCH_STATUSES } from '@argus/contracts/units';
import { Button } from '../../components/ui/Button';
import { describeError } from '../../lib/api-error';
import { useCoordinateFormat } from '../../lib/geo/coordinate-preference';
import { formatReadings } from '../../lib/geo/format-coordinate';
import { fullDateTime } from '../../lib/time-format';
import { dispatchQueries } from '../dispatch/dispatch.queries';
import { unitQueries } from '../units/units.queries';
import { byDispatchTime, endTimes, unitsToDraw } from './incident-report';
import {
  DISPATCH_STATUS_LABELS,
  DISPOSITION_LABELS,
  INCIDENT_STATUS_LABELS,
  SEVERITY_LABELS,
  THREAT_LEVEL_LABELS,
} from './incident-labels';
import { IncidentReportMap } from './IncidentReportMap';
import { incidentQueries } from './incidents.queries';
import { describeTimelineEntry } from './timeline-text';

export interface IncidentReportProps {
  incidentId: string;
  now: number;
  onClose: () => void;
}

/**
 * One incident on paper, for after-action review: what and where, how it ended, every unit with
 * the time of each milestone, a still map and the whole timeline with seconds. On screen it has a
 * Print button and a way back; printed, only the report (docs/decisions/0041-incident-report-and-a-demo-that-exercises-attention.md).
 */
export function IncidentReport({ incidentId, now, onClose }: IncidentReportProps) {
  const incident = useQuery(incidentQueries.detail(incidentId));
  const timeline = useQuery(incidentQueries.timeline(incidentId));
  const assignments = useQuery(dispatchQueries.forIncident(incidentId));
  const units = useQuery(unitQueries.list());
  const format = useCoordinateFormat();
  const [mapReady, setMapReady] = useState(false);
  const handleSnapshot = useCallback((ready: boolean) => setMapReady(ready), []);

  const entries = useMemo(() => (timeline.data ? [...timeline.data].sort((a, b) => a.at - b.at) : undefined), [timeline.data]);
  const ends = useMemo(() => endTimes(entries ?? []), [entries]);
  const history = useMemo(() => byDispatchTime(assignments.data ?? []), [assignments.data]);
  const drawn = useMemo(() => unitsToDraw(history, units.data ?? []), [history, units.data]);
  const loaded = incident.data && entries && assignments.data && units.data;
  const problem = incident.error ?? timeline.error ?? assignments.error ?? units.error;

  return (
    <div data-print-alone="" className="space-y-4">
      <div className="no-print flex flex-wrap items-center gap-2">
        <Button variant="ghost" onClick={onClose} className="-ml-2 px-2">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to the dashboard
        </Button>
        <Button onClick={() => window.print()} disabled={!loaded}>
          <Printer aria-hidden="true" className="size-4" />
          Print
        </Button>
        {loaded && !mapReady ? (
          <p role="status" className="text-sm text-ink-muted">
            Drawing the map for printing...
          </p>
        ) : null}
      </div>
      {problem ? <p className="text-danger">{`Could not load the incident report: ${describeError(problem)}`}</p> : null}
      {!loaded && !problem ? <p className="text-ink-muted">Loading the incident report...</p> : null}
      {incident.data && loaded ? (
        <article aria-labelledby="incident-report-heading" className="mx-auto max-w-4xl space-y-6 print:max-w-none">
          <header className="space-y-1 border-b border-line pb-3">
            <p className="text-sm text-ink-muted">{`Incident report as of ${fullDateTime(now)}`}</p>
            <h2 id="incident-report-heading" className="text-2xl font-bold">
              {`${incident.data.reference}: ${incident.data.title}`}
            </h2>
            {incident.data.exercise ? <p className="font-semibold">Exercise incident</p> : null}
          </header>

          <section aria-labelledby="report-summary-heading" className="space-y-2 break-inside-avoid">
            <h3 id="report-summary-heading" className="text-lg font-semibold">
              Summary
            </h3>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <Fact term="Reference" value={incident.data.reference} />
              <Fact term="Category" value={incident.data.category} />
              <Fact term="Severity" value={SEVERITY_LABELS[incident.data.severity]} />
              <Fact term="Status" value={INCIDENT_STATUS_LABELS[incident.data.status]} />
              {incident.data.threatLevel ? <Fact term="Threat level" value={THREAT_LEVEL_LABELS[incident.data.threatLevel]} /> : null}
              <Fact term="Location" value={formatReadings(incident.data.location, format)} />
              <Fact term="Opened" value={fullDateTime(incident.data.createdAt, true)} />
              {ends.resolvedAt !== null ? <Fact term="Resolved" value={fullDateTime(ends.resolvedAt, true)} /> : null}
              {ends.closedAt !== null ? <Fact term="Closed" value={fullDateTime(ends.closedAt, true)} /> : null}
              {incident.data.disposition ? (
                <Fact
                  term="Disposition"
                  value={`${DISPOSITION_LABELS[incident.data.disposition.code]} (${incident.data.disposition.by ?? 'someone'}, ${fullDateTime(incident.data.disposition.at, true)})`}
                />
              ) : null}
            </dl>
            {incident.data.disposition?.summary ? (
              <p className="whitespace-pre-wrap text-sm">
                <span className="font-semibold">Outcome summary: </span>
                {incident.data.disposition.summary}
              </p>
            ) : null}
            {incident.data.description ? (
              <p className="whitespace-pre-wrap text-sm">
                <span className="font-semibold">Description: </span>
                {incident.data.description}
              </p>
            ) : null}
          </section>

          <ReportUnits assignments={history} />

          <section aria-labelledby="report-map-heading" className="space-y-2 break-inside-avoid">
            <h3 id="report-map-heading" className="text-lg font-semibold">
              Map
            </h3>
            <IncidentReportMap incident={incident.data} units={drawn} now={now} onSnapshot={handleSnapshot} />
          </section>

          <section aria-labelledby="report-timeline-heading" className="space-y-2">
            <h3 id="report-timeline-heading" className="text-lg font-semibold">
              Timeline
            </h3>
            {entries && entries.length > 0 ? (
              <ol className="space-y-1 text-sm">
                {entries.map((entry) => (
                  <li key={entry.id} className="grid gap-x-3 break-inside-avoid sm:grid-cols-[auto_1fr] print:grid-cols-[auto_1fr]">
                    <time dateTime={new Date(entry.at).toISOString()} className="whitespace-nowrap font-mono text-ink-muted">
                      {fullDateTime(entry.at, true)}
                    </time>
                    <span>{describeTimelineEntry(entry, format)}</span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-sm text-ink-muted">Nothing is on the timeline.</p>
            )}
          </section>
        </article>
      ) : null}
    </div>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <>
      <dt className="text-ink-muted">{term}</dt>
      <dd className="break-words">{value}</dd>
    </>
  );
}

/** Every unit the incident had, earliest dispatch first, with the time of each milestone it reached. */
function ReportUnits({ assignments }: { assignments: readonly Assignment[] }) {
  return (
    <section aria-labelledby="report-units-heading" className="space-y-2">
      <h3 id="report-units-heading" className="text-lg font-semibold">
        Units and times
      </h3>
      {assignments.length === 0 ? <p className="text-sm text-ink-muted">No unit was dispatched.</p> : null}
      <ul className="space-y-2">
        {assignments.map((assignment) => (
          <li key={assignment.id} className="break-inside-avoid rounded-md border border-line p-2 text-sm">
            <p className="flex flex-wrap justify-between gap-2">
              <span className="font-semibold">{assignment.callsign}</span>
              <span>{DISPATCH_STATUS_LABELS[assignment.status]}</span>
            </p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 sm:grid-cols-[auto_1fr_auto_1fr]">
              {DISPATCH_STATUSES.filter((status) => assignment.milestones[status] !== undefined).map((status) => (
                <Fact key={status} term={DISPATCH_STATUS_LABELS[status]} value={fullDateTime(assignment.milestones[status]!, true)} />
              ))}
            </dl>
            {assignment.cancelReason ? <p>{`Reason: ${assignment.cancelReason}`}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
