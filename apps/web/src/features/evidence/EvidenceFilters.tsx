import { EVIDENCE_KINDS, EVIDENCE_STATUSES } from '@argus/contracts/evidence';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import type { IncidentChoice } from './incident-choices';
import type { EvidenceFilterValues } from './evidence.queries';
import { KIND_LABELS, STATUS_LABELS } from './evidence-format';

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
  const set = <K extends keyof EvidenceFilterValues>(key: K, next: EvidenceFilterValues[K]) => onChange({ ...value, [key]: next });
  return (
    <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
      <legend className="sr-only">Filter evidence</legend>
      <SelectField
        label="Incident"
        value={value.incidentId}
        options={[{ value: '', label: 'Any incident' }, ...incidents.map((incident) => ({ value: incident.id, label: incident.label }))]}
        onChange={(next) => set('incidentId', next)}
      />
      <SelectField
        label="Kind"
        value={value.kind}
        options={[{ value: '', label: 'Any kind' }, ...EVIDENCE_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))]}
        onChange={(next) => set('kind', next)}
      />
      <SelectField
        label="Status"
        value={value.status}
        options={[
          { value: '', label: 'Any status' },
          ...EVIDENCE_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
        ]}
        onChange={(next) => set('status', next)}
      />
      <SelectField
        label="Captured by"
        value={value.capturedBy}
        options={[{ value: '', label: 'Anyone' }, ...uploaders.map((uploader) => ({ value: uploader.id, label: uploader.name }))]}
        onChange={(next) => set('capturedBy', next)}
      />
      <TextField label="Added from" type="datetime-local" value={value.from} onChange={(event) => set('from', event.target.value)} />
      <TextField label="Added until" type="datetime-local" value={value.to} onChange={(event) => set('to', event.target.value)} />
    </fieldset>
  );
}
