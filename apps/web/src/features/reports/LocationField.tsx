import { useState, type ReactNode } from 'react';
import { Crosshair, MapPin } from 'lucide-react';
import type { Location } from '@argus/contracts/http/incidents';
import { CoordinateField } from '../../components/CoordinateField';
import { Button } from '../../components/ui/Button';
import { FieldError } from '../../components/ui/FieldError';
import { useCoordinateFormat } from '../../lib/geo/coordinate-preference';
import { currentPosition } from '../../lib/geo/device-position';
import { coordinateReadings } from '../../lib/geo/format-coordinate';

export type LocationSource = 'device' | 'typed' | 'map';

export interface ChosenLocation {
  location: Location;
  source: LocationSource;
}

export interface LocationFieldProps {
  value: ChosenLocation | null;
  onChange: (value: ChosenLocation | null) => void;
  error?: string;
  /** A map to tap on, when the page has one. */
  mapPicker?: ReactNode;
}

const SOURCE_LABELS: Record<LocationSource, string> = {
  device: 'From this device',
  typed: 'Typed',
  map: 'Picked on the map',
};

/** Where it happened: the device's fix (with its accuracy), a typed grid reference or lat/lon, or a map tap. */
export function LocationField({ value, onChange, error, mapPicker }: LocationFieldProps) {
  const [problem, setProblem] = useState<string>();
  const [locating, setLocating] = useState(false);

  const handleUseDevice = async () => {
    setLocating(true);
    setProblem(undefined);
    const position = await currentPosition();
    setLocating(false);
    if (position.status === 'fix') onChange({ location: position.location, source: 'device' });
    else setProblem(position.status === 'error' ? position.message : 'This browser cannot tell where it is. Type the place instead.');
  };

  const shownProblem = problem ?? error;
  return (
    <fieldset className="space-y-3 rounded-lg border border-line p-3">
      <legend className="px-1 font-medium">Location</legend>
      <p className="flex items-start gap-2 text-sm" aria-live="polite">
        <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold" />
        {value ? <LocationSummary value={value} /> : <span className="text-ink-muted">Not set yet.</span>}
      </p>
      <Button variant="secondary" onClick={() => void handleUseDevice()} disabled={locating} className="w-full">
        <Crosshair aria-hidden="true" className="size-5" />
        {locating ? 'Finding your location...' : 'Use my location'}
      </Button>
      {mapPicker}
      <CoordinateField
        label="Or type a grid reference or latitude, longitude"
        actionLabel="Set"
        onLocate={(point) => {
          setProblem(undefined);
          onChange({ location: point, source: 'typed' });
        }}
      />
      <FieldError message={shownProblem} alert />
    </fieldset>
  );
}

/** The place in the reader's format, then a second reading, with the device's accuracy when it gave one. */
function LocationSummary({ value }: { value: ChosenLocation }) {
  // Field and civic pages read the grid reference first until the user chooses otherwise.
  const format = useCoordinateFormat('mgrs');
  const [preferred, other] = coordinateReadings(value.location, format);
  const { accuracy } = value.location;
  return (
    <span className="flex flex-col">
      <span className="text-ink-muted">{SOURCE_LABELS[value.source]}</span>
      <span className="font-mono font-semibold">{preferred.text}</span>
      <span className="font-mono">
        {other.name === 'Lat/lon' ? other.text : `${other.name} ${other.text}`}
        {accuracy === undefined ? '' : ` · ±${Math.round(accuracy)} m`}
      </span>
    </span>
  );
}
