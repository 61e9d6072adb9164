import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { THREAT_LEVELS, type ThreatLevel } from '@argus/contracts/incidents';
import { UpdateIncidentRequest, type Incident } from '@argus/contracts/http/incidents';
import type { IncidentEditableField } from '@argus/contracts/policies/incident-editing';
import { CoordinateField } from '../../components/CoordinateField';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { SelectField } from '../../components/ui/SelectField';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { ApiError, describeError } from '../../lib/api-error';
import { useCoordinateFormat } from '../../lib/geo/coordinate-preference';
import { formatReadings } from '../../lib/geo/format-coordinate';
import { THREAT_LEVEL_LABELS } from './incident-labels';
import { incidentQueries } from './incidents.queries';
import { useUpdateIncidentMutation } from './incidents.mutations';
import { SeveritySelect } from './SeveritySelect';

const UNJUDGED = 'unjudged';
const THREAT_OPTIONS = [
  { value: UNJUDGED, label: 'Not judged yet' },
  ...THREAT_LEVELS.map((level) => ({ value: level, label: THREAT_LEVEL_LABELS[level] })),
] as const;

export interface IncidentEditFormProps {
  incident: Incident;
  /** What the signed-in role may change (docs/decisions/0035-incident-management.md); the rest is not offered. */
  editable: readonly IncidentEditableField[];
  onDone: () => void;
}

/**
 * Edits an open incident. Only changed fields are sent, with the version the form was opened on:
 * when someone else saved in between, the server refuses and the form says so, rather than
 * overwriting their change.
 */
export function IncidentEditForm({ incident, editable, onDone }: IncidentEditFormProps) {
  const queryClient = useQueryClient();
  const update = useUpdateIncidentMutation();
  const format = useCoordinateFormat();
  const [opened] = useState(incident);
  const [values, setValues] = useState({ title: incident.title, category: incident.category, description: incident.description });
  const [severity, setSeverity] = useState(incident.severity);
  const [threat, setThreat] = useState<ThreatLevel | typeof UNJUDGED>(incident.threatLevel ?? UNJUDGED);
  const [location, setLocation] = useState(incident.location);
  const [problem, setProblem] = useState<string>();
  const may = (field: IncidentEditableField) => editable.includes(field);
  const stale = update.error instanceof ApiError && update.error.status === 409;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const changes: Record<string, unknown> = {};
    if (may('title') && values.title !== opened.title) changes.title = values.title;
    if (may('category') && values.category !== opened.category) changes.category = values.category;
    if (may('description') && values.description !== opened.description) changes.description = values.description;
    if (may('severity') && severity !== opened.severity) changes.severity = severity;
    if (may('threatLevel') && threat !== UNJUDGED && threat !== opened.threatLevel) changes.threatLevel = threat;
    if (may('location') && (location.lat !== opened.location.lat || location.lon !== opened.location.lon)) changes.location = location;
    if (Object.keys(changes).length === 0) {
      setProblem('Nothing has changed yet.');
      return;
    }
    const parsed = UpdateIncidentRequest.safeParse({ ...changes, expectedUpdatedAt: opened.updatedAt });
    if (!parsed.success) {
      setProblem(parsed.error.issues.map((issue) => issue.message).join(' '));
      return;
    }
    setProblem(undefined);
    update.mutate({ id: incident.id, changes: parsed.data }, { onSuccess: onDone });
  };

  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: incidentQueries.detail(incident.id).queryKey });
    onDone();
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      aria-labelledby="edit-incident-heading"
      className="space-y-3 rounded-md border border-line p-3"
    >
      <h3 id="edit-incident-heading" className="text-base font-semibold">
        {`Edit ${incident.reference}`}
      </h3>
      {may('title') ? (
        <TextField
          label="Title"
          autoComplete="off"
          value={values.title}
          onChange={(event) => setValues({ ...values, title: event.target.value })}
        />
      ) : null}
      {may('category') ? (
        <TextField
          label="Category"
          autoComplete="off"
          value={values.category}
          onChange={(event) => setValues({ ...values, category: event.target.value })}
        />
      ) : null}
      {may('severity') ? <SeveritySelect value={severity} onChange={setSeverity} /> : null}
      {may('threatLevel') ? <SelectField label="Threat level" value={threat} options={THREAT_OPTIONS} onChange={setThreat} /> : null}
      {may('description') ? (
        <TextAreaField
          label="Description"
          rows={3}
          value={values.description}
          onChange={(event) => setValues({ ...values, description: event.target.value })}
        />
      ) : null}
      {may('location') ? (
        <div className="space-y-1">
          <CoordinateField
            label="Move to a coordinate (MGRS, UTM or degrees)"
            name="incident-location"
            actionLabel="Use"
            onLocate={(point) => setLocation({ lat: Number(point.lat.toFixed(6)), lon: Number(point.lon.toFixed(6)) })}
          />
          <p className="text-sm text-ink-muted" aria-live="polite" data-testid="incident-edit-place">
            {`Location: ${formatReadings(location, format)}`}
          </p>
        </div>
      ) : null}
      {problem ? <FormMessage tone="error">{problem}</FormMessage> : null}
      {update.isError ? <FormMessage tone="error">{`Could not save the changes: ${describeError(update.error)}`}</FormMessage> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save changes'}
        </Button>
        {stale ? (
          <Button variant="secondary" onClick={reload}>
            Reload the incident
          </Button>
        ) : null}
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
