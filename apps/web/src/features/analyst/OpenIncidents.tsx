import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Incident } from '@argus/contracts/http/incidents';
import { THREAT_LEVELS, type ThreatLevel } from '@argus/contracts/incidents';
import { describeError } from '../../lib/api-error';
import { useNow } from '../../lib/useNow';
import { cn } from '../../lib/class-names';
import { Button } from '../../components/ui/Button';
import { INCIDENT_STATUS_LABELS, SEVERITY_LABELS } from '../incidents/incident-labels';
import { useThreatLevelMutation } from '../incidents/incidents.mutations';
import { incidentQueries } from '../incidents/incidents.queries';
import { sentenceCase } from './format';
import { CallerLinksPanel } from '../caller-links/CallerLinksPanel';
import { IncidentNotes } from './IncidentNotes';

const FIRST_PAGE = 8;

/** Open incidents with the analysts' threat level and notes; `focusId` (from search) opens one. */
export function OpenIncidents({ focusId }: { focusId: string | null }) {
  const incidents = useQuery(incidentQueries.open());
  const [showAll, setShowAll] = useState(false);
  const list = incidents.data?.incidents ?? [];
  const focusIndex = focusId ? list.findIndex((incident) => incident.id === focusId) : -1;
  const visible = showAll || focusIndex >= FIRST_PAGE ? list : list.slice(0, FIRST_PAGE);
  return (
    <section aria-labelledby="open-incidents-heading" className="space-y-3">
      <h2 id="open-incidents-heading" className="text-lg font-semibold">
        Open incidents
      </h2>
      {incidents.isPending ? <p>Loading incidents...</p> : null}
      {incidents.isError ? <p className="text-danger">{`Could not load incidents: ${describeError(incidents.error)}`}</p> : null}
      {incidents.data && list.length === 0 ? <p className="text-ink-muted">No incident is open.</p> : null}
      {incidents.data && focusId && focusIndex < 0 ? (
        <p className="text-ink-muted">The incident from search is resolved or closed, so it is not listed here.</p>
      ) : null}
      <ul className="space-y-2">
        {visible.map((incident) => (
          <li key={incident.id}>
            <IncidentRow incident={incident} isFocused={incident.id === focusId} />
          </li>
        ))}
      </ul>
      {visible.length < list.length ? (
        <Button variant="secondary" onClick={() => setShowAll(true)}>
          {`Show all ${list.length} open incidents`}
        </Button>
      ) : null}
    </section>
  );
}

function IncidentRow({ incident, isFocused }: { incident: Incident; isFocused: boolean }) {
  const update = useThreatLevelMutation();
  const [notesOpen, setNotesOpen] = useState(isFocused);
  const selectId = useId();
  const notesId = useId();
  const callerId = useId();
  const [callerOpen, setCallerOpen] = useState(false);
  const rowRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!isFocused) return;
    setNotesOpen(true);
    rowRef.current?.scrollIntoView({ block: 'nearest' });
  }, [isFocused]);

  return (
    <div ref={rowRef} className={cn('rounded-lg border bg-surface-raised p-3', isFocused ? 'border-gold' : 'border-line')}>
      <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 basis-48">
          <p className="flex flex-wrap gap-x-2 text-sm">
            <span className="font-mono">{incident.reference}</span>
            <span>{`${SEVERITY_LABELS[incident.severity]} severity`}</span>
            <span className="text-ink-muted">{INCIDENT_STATUS_LABELS[incident.status]}</span>
          </p>
          <p className="font-medium break-words">{incident.title}</p>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={selectId} className="text-sm font-medium">
            Threat level
          </label>
          <select
            id={selectId}
            value={incident.threatLevel ?? ''}
            disabled={update.isPending}
            onChange={(event) => {
              const level = event.target.value as ThreatLevel;
              if ((THREAT_LEVELS as readonly string[]).includes(level)) update.mutate({ incidentId: incident.id, threatLevel: level });
            }}
            className="min-h-11 rounded-md border border-line bg-surface-sunken px-2 py-1 text-ink"
          >
            {incident.threatLevel === null ? <option value="">Not judged</option> : null}
            {THREAT_LEVELS.map((level) => (
              <option key={level} value={level}>
                {sentenceCase(level)}
              </option>
            ))}
          </select>
        </div>
        <Button variant="secondary" aria-expanded={notesOpen} aria-controls={notesId} onClick={() => setNotesOpen(!notesOpen)}>
          {notesOpen ? 'Hide notes' : 'Notes'}
        </Button>
        <Button variant="secondary" aria-expanded={callerOpen} aria-controls={callerId} onClick={() => setCallerOpen(!callerOpen)}>
          {callerOpen ? 'Hide caller link' : 'Caller link'}
        </Button>
      </div>
      {update.isError ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {`Could not set the threat level: ${describeError(update.error)}`}
        </p>
      ) : null}
      <div id={notesId} hidden={!notesOpen} className="mt-3">
        {notesOpen ? <IncidentNotes incidentId={incident.id} reference={incident.reference} /> : null}
      </div>
      <div id={callerId} hidden={!callerOpen} className="mt-3">
        {callerOpen ? <CallerLinks incident={incident} /> : null}
      </div>
    </div>
  );
}

/** Mounted only while open, so a closed row keeps no clock ticking. */
function CallerLinks({ incident }: { incident: Incident }) {
  return <CallerLinksPanel incident={incident} now={useNow()} />;
}
