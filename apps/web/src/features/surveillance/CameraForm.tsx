import type { FormEvent } from 'react';
import { CAMERA_KINDS, DETECTION_CLASSES } from '@argus/contracts/http/cameras';
import { CoordinateField } from '../../components/CoordinateField';
import { Button } from '../../components/ui/Button';
import { FieldError } from '../../components/ui/FieldError';
import { SelectField } from '../../components/ui/SelectField';
import { FormMessage } from '../../components/ui/FormMessage';
import { TextField } from '../../components/ui/TextField';
import { describeError, issueFor } from '../../lib/api-error';
import type { CameraDraft } from './camera-draft';

const KIND_OPTIONS = CAMERA_KINDS.map((kind) => ({ value: kind, label: kind === 'camera' ? 'Camera' : 'Sensor' }));

export interface CameraFormProps {
  title: string;
  draft: CameraDraft;
  onChange: (draft: CameraDraft) => void;
  onSubmit: () => void;
  onCancel: () => void;
  /** Start or stop choosing the position with a click on the map. */
  picking: boolean;
  onTogglePicking: () => void;
  pending: boolean;
  error: unknown;
  submitLabel: string;
}

/** Add or edit a camera or sensor: where it is, where it looks, its stream room and detection settings. */
export function CameraForm({
  title,
  draft,
  onChange,
  onSubmit,
  onCancel,
  picking,
  onTogglePicking,
  pending,
  error,
  submitLabel,
}: CameraFormProps) {
  const set = <K extends keyof CameraDraft>(key: K, value: CameraDraft[K]) => onChange({ ...draft, [key]: value });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const toggleClass = (name: (typeof DETECTION_CLASSES)[number]) =>
    set('classes', draft.classes.includes(name) ? draft.classes.filter((item) => item !== name) : [...draft.classes, name]);

  return (
    <form onSubmit={handleSubmit} aria-label={title} className="flex flex-col gap-3" noValidate>
      <h2 className="text-lg font-semibold">{title}</h2>
      <TextField
        label="Name"
        value={draft.name}
        onChange={(event) => set('name', event.target.value)}
        error={issueFor(error, 'name')}
        required
        maxLength={80}
      />
      <SelectField label="Kind" value={draft.kind} options={KIND_OPTIONS} onChange={(kind) => set('kind', kind)} />
      <div className="grid grid-cols-2 gap-2">
        <TextField
          label="Latitude"
          inputMode="decimal"
          value={draft.lat}
          onChange={(event) => set('lat', event.target.value)}
          error={issueFor(error, 'lat')}
        />
        <TextField
          label="Longitude"
          inputMode="decimal"
          value={draft.lon}
          onChange={(event) => set('lon', event.target.value)}
          error={issueFor(error, 'lon')}
        />
      </div>
      <CoordinateField
        label="Or a coordinate (MGRS, UTM or degrees)"
        actionLabel="Use"
        onLocate={(point) => onChange({ ...draft, lat: point.lat.toFixed(6), lon: point.lon.toFixed(6) })}
      />
      <Button variant="secondary" onClick={onTogglePicking} aria-pressed={picking}>
        {picking ? 'Stop picking on the map' : 'Place on the map'}
      </Button>
      <div className="grid grid-cols-3 gap-2">
        <TextField
          label="Heading (°)"
          inputMode="decimal"
          value={draft.heading}
          onChange={(event) => set('heading', event.target.value)}
          error={issueFor(error, 'heading')}
          hint="Empty: all round"
        />
        <TextField
          label="Field of view (°)"
          inputMode="decimal"
          value={draft.fov}
          onChange={(event) => set('fov', event.target.value)}
          error={issueFor(error, 'fov')}
        />
        <TextField
          label="Range (m)"
          inputMode="decimal"
          value={draft.rangeM}
          onChange={(event) => set('rangeM', event.target.value)}
          error={issueFor(error, 'rangeM')}
        />
      </div>
      <TextField
        label="Stream room"
        value={draft.room}
        onChange={(event) => set('room', event.target.value)}
        error={issueFor(error, 'room')}
        hint="The live-video room this camera publishes to, if any"
      />
      <TextField
        label="Stream URL"
        inputMode="url"
        value={draft.streamUrl}
        onChange={(event) => set('streamUrl', event.target.value)}
        error={issueFor(error, 'streamUrl')}
        hint="The camera’s own feed (rtsp, srt, udp, https…), played outside Argus; a TAK device’s feed comes with one"
      />
      <TextField
        label="Notes"
        value={draft.notes}
        onChange={(event) => set('notes', event.target.value)}
        error={issueFor(error, 'notes')}
      />
      <fieldset className="flex flex-col gap-2 rounded-md border border-line p-3">
        <legend className="px-1 font-medium">Detection</legend>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={draft.detectionEnabled} onChange={(event) => set('detectionEnabled', event.target.checked)} />
          Detect objects in this camera’s feed
        </label>
        <TextField
          label="Minimum score (0.05 to 0.99)"
          inputMode="decimal"
          value={draft.minScore}
          onChange={(event) => set('minScore', event.target.value)}
          error={issueFor(error, 'minScore')}
        />
        <div className="flex flex-wrap gap-x-4 gap-y-1" role="group" aria-label="Classes to report">
          {DETECTION_CLASSES.map((name) => (
            <label key={name} className="flex items-center gap-1 text-sm">
              <input type="checkbox" checked={draft.classes.includes(name)} onChange={() => toggleClass(name)} />
              {name}
            </label>
          ))}
        </div>
        <FieldError message={issueFor(error, 'classes')} />
      </fieldset>
      {error ? <FormMessage tone="error">{describeError(error)}</FormMessage> : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : submitLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
