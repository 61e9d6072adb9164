import { useId, useState, type FormEvent } from 'react';
import { Crosshair } from 'lucide-react';
import type { IncidentSeverity } from '@argus/contracts/incidents';
import { CreateIncidentRequest, type Incident } from '@argus/contracts/http/incidents';
import { Button } from '../../components/ui/Button';
import { FieldError } from '../../components/ui/FieldError';
import { FormMessage } from '../../components/ui/FormMessage';
import { TextField } from '../../components/ui/TextField';
import { describeError, issueFor } from '../../lib/api-error';
import { fieldErrors, type FieldErrors } from '../../lib/form-errors';
import { CoordinateField } from '../../components/CoordinateField';
import { useCoordinateFormat } from '../../lib/geo/coordinate-preference';
import { formatReadings } from '../../lib/geo/format-coordinate';
import { INCIDENT_CATEGORY_SUGGESTIONS } from './incident-labels';
import { SeveritySelect } from './SeveritySelect';
import { useCreateIncidentMutation } from './incidents.mutations';

/** The location being chosen, as typed or picked: text, so a half-typed number is not lost. */
export interface DraftLocation {
  lat: string;
  lon: string;
}

export const EMPTY_DRAFT: DraftLocation = { lat: '', lon: '' };

/** The draft as a point, when both numbers are valid coordinates. */
export function draftPoint(draft: DraftLocation): { lat: number; lon: number } | null {
  if (!draft.lat.trim() || !draft.lon.trim()) return null;
  const lat = Number(draft.lat);
  const lon = Number(draft.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { lat, lon };
}

type Field = 'title' | 'category' | 'description' | 'location';

export interface CreateIncidentFormProps {
  location: DraftLocation;
  onLocationChange: (location: DraftLocation) => void;
  picking: boolean;
  onPickingChange: (picking: boolean) => void;
  onCreated: (incident: Incident) => void;
  onCancel: () => void;
}

/** Opens an incident: what, how severe, and where — picked on the map, or typed in any coordinate format. */
export function CreateIncidentForm({ location, onLocationChange, picking, onPickingChange, onCreated, onCancel }: CreateIncidentFormProps) {
  const [values, setValues] = useState({ title: '', category: '', description: '' });
  const [severity, setSeverity] = useState<IncidentSeverity>('medium');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const create = useCreateIncidentMutation();
  const descriptionId = useId();
  const categoriesId = useId();
  const point = draftPoint(location);
  const format = useCoordinateFormat();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!point) {
      setErrors({ location: 'Pick the place on the map, or enter its latitude and longitude.' });
      return;
    }
    const parsed = CreateIncidentRequest.safeParse({ ...values, severity, location: point });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, ['title', 'category', 'description', 'location']));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: ({ incident }) => {
        setValues({ title: '', category: '', description: '' });
        onCreated(incident);
      },
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit} aria-labelledby="create-incident-heading" className="space-y-3">
      <h2 id="create-incident-heading" className="text-lg font-semibold">
        New incident
      </h2>
      <TextField
        label="Title"
        name="title"
        autoComplete="off"
        value={values.title}
        onChange={(event) => setValues({ ...values, title: event.target.value })}
        error={errors.title ?? issueFor(create.error, 'title')}
      />
      <TextField
        label="Category"
        name="category"
        autoComplete="off"
        list={categoriesId}
        hint="For example fire, medical, traffic."
        value={values.category}
        onChange={(event) => setValues({ ...values, category: event.target.value })}
        error={errors.category ?? issueFor(create.error, 'category')}
      />
      <datalist id={categoriesId}>
        {INCIDENT_CATEGORY_SUGGESTIONS.map((category) => (
          <option key={category} value={category} />
        ))}
      </datalist>
      <SeveritySelect value={severity} onChange={setSeverity} />
      <div className="flex flex-col gap-1">
        <label htmlFor={descriptionId} className="font-medium">
          Description
        </label>
        <textarea
          id={descriptionId}
          rows={3}
          value={values.description}
          onChange={(event) => setValues({ ...values, description: event.target.value })}
          className="rounded-md border border-line bg-surface-sunken px-3 py-2 text-ink focus:border-gold"
        />
      </div>

      <fieldset className="space-y-2 rounded-md border border-line p-3">
        <legend className="px-1 font-medium">Location</legend>
        <Button
          variant={picking ? 'primary' : 'secondary'}
          aria-pressed={picking}
          onClick={() => onPickingChange(!picking)}
          className="w-full"
        >
          <Crosshair aria-hidden="true" className="size-4" />
          {picking ? 'Click or tap the map to place it' : 'Pick on the map'}
        </Button>
        <div className="grid grid-cols-2 gap-2">
          <TextField
            label="Latitude"
            name="lat"
            inputMode="decimal"
            autoComplete="off"
            value={location.lat}
            onChange={(event) => onLocationChange({ ...location, lat: event.target.value })}
          />
          <TextField
            label="Longitude"
            name="lon"
            inputMode="decimal"
            autoComplete="off"
            value={location.lon}
            onChange={(event) => onLocationChange({ ...location, lon: event.target.value })}
          />
        </div>
        <CoordinateField
          label="Or a coordinate (MGRS, UTM or degrees)"
          name="coordinate"
          actionLabel="Use"
          onLocate={(found) => onLocationChange({ lat: found.lat.toFixed(6), lon: found.lon.toFixed(6) })}
        />
        <p className="text-sm text-ink-muted" aria-live="polite" data-testid="incident-draft-place">
          {point ? formatReadings(point, format) : 'No place chosen yet.'}
        </p>
        <FieldError message={errors.location ?? issueFor(create.error, 'location')} />
      </fieldset>

      {create.isError ? <FormMessage tone="error">{`Could not open the incident: ${describeError(create.error)}`}</FormMessage> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Opening...' : 'Open incident'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
