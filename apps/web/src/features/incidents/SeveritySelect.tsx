import { useId } from 'react';
import { INCIDENT_SEVERITIES, type IncidentSeverity } from '@argus/contracts/incidents';
import { SEVERITY_LABELS } from './incident-labels';

/** The labelled severity choice every incident form asks for. */
export function SeveritySelect({ value, onChange }: { value: IncidentSeverity; onChange: (severity: IncidentSeverity) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        Severity
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as IncidentSeverity)} className="min-h-11 w-full rounded-md border border-line bg-surface-sunken px-3 py-2 text-ink">
        {INCIDENT_SEVERITIES.map((option) => (
          <option key={option} value={option}>
            {SEVERITY_LABELS[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
