import { useId, useState, type ReactNode } from 'react';
import { Crosshair, MapPin } from 'lucide-react';
import type { Location } from '@argus/contracts/http/incidents';
import { formatMgrs } from '../../lib/geo/mgrs';
import { Button } from '../../components/ui/Button';
import { FieldError } from '../../components/ui/FieldError';
import { currentPosition } from '../../lib/geo/device-position';
import { parseTypedLocation } from './report-location';

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

/** The grid reference first (for the field), then lat, lon with the accuracy: "51.50720, -0.12760 · ±12 m". */
export function describeLocation(location: Location): { grid: string | null; latLon: string } {
  const accuracy = location.accuracy === undefined ? '' : ` · ±${Math.round(location.accuracy)} m`;
  return { grid: formatMgrs(location), latLon: `${location.lat.toFixed(5)}, ${location.lon.toFixed(5)}${accuracy}` };
}

/** Where it happened: the device's fix (with its accuracy), a typed grid reference or lat/lon, or a map tap. */
export function LocationField({ value, onChange, error, mapPicker }: LocationFieldProps) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string>();
  const [locating, setLocating] = useState(false);
  const inputId = useId();
  const statusId = `${inputId}-status`;

  const handleUseDevice = async () => {
    setLocating(true);
    setProblem(undefined);
    const position = await currentPosition();
    setLocating(false);
    if (position.status === 'fix') onChange({ location: position.location, source: 'device' });
    else setProblem(position.status === 'error' ? position.message : 'This browser cannot tell where it is. Type the place instead.');
  };

  const handleTyped = () => {
    const parsed = parseTypedLocation(typed);
    if (!parsed.ok) {
      setProblem(parsed.problem);
      return;
    }
    setProblem(undefined);
    onChange({ location: parsed.point, source: 'typed' });
  };

  const shownProblem = problem ?? error;
  return (
    <fieldset className="space-y-3 rounded-lg border border-line p-3">
      <legend className="px-1 font-medium">Location</legend>
      <p id={statusId} className="flex items-start gap-2 text-sm" aria-live="polite">
        <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold" />
        {value ? <LocationSummary value={value} /> : <span className="text-ink-muted">Not set yet.</span>}
      </p>
      <Button variant="secondary" onClick={() => void handleUseDevice()} disabled={locating} className="w-full">
        <Crosshair aria-hidden="true" className="size-5" />
        {locating ? 'Finding your location...' : 'Use my location'}
      </Button>
      {mapPicker}
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium">
          Or type a grid reference or latitude, longitude
        </label>
        <div className="flex gap-2">
          <input
            id={inputId}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                handleTyped();
              }
            }}
            placeholder="33U UP 04971 10814"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={shownProblem ? true : undefined}
            aria-describedby={shownProblem ? `${inputId}-problem` : undefined}
            className="min-h-11 min-w-0 flex-1 rounded-md border border-line bg-surface-sunken px-3 py-2 font-mono text-ink focus:border-gold"
          />
          <Button variant="secondary" onClick={handleTyped}>
            Set
          </Button>
        </div>
      </div>
      <FieldError id={`${inputId}-problem`} message={shownProblem} alert />
    </fieldset>
  );
}

function LocationSummary({ value }: { value: ChosenLocation }) {
  const { grid, latLon } = describeLocation(value.location);
  return (
    <span className="flex flex-col">
      <span className="text-ink-muted">{SOURCE_LABELS[value.source]}</span>
      {grid ? <span className="font-mono font-semibold">{grid}</span> : null}
      <span className="font-mono whitespace-nowrap">{latLon}</span>
    </span>
  );
}
