import { useId } from 'react';
import { EVIDENCE_KINDS, EVIDENCE_STATUSES } from '@argus/contracts/evidence';
import type { IncidentChoice } from './incident-choices';
import type { EvidenceFilterValues } from './evidence.queries';
import { KIND_LABELS, STATUS_LABELS } from './evidence-format';

const fieldClasses = 'min-h-11 w-full rounded-md border border-line bg-surface-sunken px-3 py-2 text-ink';

/** The list's filters: incident, kind, status, who captured it, and a time range. */
export function EvidenceFilters({
  value,
  onChange,
  incidents,
  uploaders,
}: {
  value: EvidenceFilterValues;
  onChange: (next: EvidenceFilterValues) => void;
  incidents: IncidentChoice[];
  uploaders: Array<{ id: string; name: string }>;
}) {
  const id = useId();
  const set = <K extends keyof EvidenceFilterValues>(key: K, next: EvidenceFilterValues[K]) => onChange({ ...value, [key]: next });
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      <legend className="sr-only">Filter evidence</legend>
      <Field id={`${id}-incident`} label="Incident">
        <select id={`${id}-incident`} className={fieldClasses} value={value.incidentId} onChange={(event) => set('incidentId', event.target.value)}>
          <option value="">Any incident</option>
          {incidents.map((incident) => (
            <option key={incident.id} value={incident.id}>
              {incident.label}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-kind`} label="Kind">
        <select id={`${id}-kind`} className={fieldClasses} value={value.kind} onChange={(event) => set('kind', event.target.value as EvidenceFilterValues['kind'])}>
          <option value="">Any kind</option>
          {EVIDENCE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-status`} label="Status">
        <select id={`${id}-status`} className={fieldClasses} value={value.status} onChange={(event) => set('status', event.target.value as EvidenceFilterValues['status'])}>
          <option value="">Any status</option>
          {EVIDENCE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-uploader`} label="Captured by">
        <select id={`${id}-uploader`} className={fieldClasses} value={value.capturedBy} onChange={(event) => set('capturedBy', event.target.value)}>
          <option value="">Anyone</option>
          {uploaders.map((uploader) => (
            <option key={uploader.id} value={uploader.id}>
              {uploader.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-from`} label="Added from">
        <input id={`${id}-from`} type="datetime-local" className={fieldClasses} value={value.from} onChange={(event) => set('from', event.target.value)} />
      </Field>
      <Field id={`${id}-to`} label="Added until">
        <input id={`${id}-to`} type="datetime-local" className={fieldClasses} value={value.to} onChange={(event) => set('to', event.target.value)} />
      </Field>
    </fieldset>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}
