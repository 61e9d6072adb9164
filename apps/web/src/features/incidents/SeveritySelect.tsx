import { INCIDENT_SEVERITIES, type IncidentSeverity } from '@argus/contracts/incidents';
import { SelectField } from '../../components/ui/SelectField';
import { SEVERITY_LABELS } from './incident-labels';

const SEVERITY_OPTIONS = INCIDENT_SEVERITIES.map((severity) => ({ value: severity, label: SEVERITY_LABELS[severity] }));

/** The labelled severity choice every incident form asks for. */
export function SeveritySelect({ value, onChange }: { value: IncidentSeverity; onChange: (severity: IncidentSeverity) => void }) {
  return <SelectField label="Severity" value={value} options={SEVERITY_OPTIONS} onChange={onChange} />;
}
