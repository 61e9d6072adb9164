import { useMemo, useState } from 'react';
import { Map as MapIcon } from 'lucide-react';
import { OperationalMap } from '../../lib/map/OperationalMap';
import { markerOverlay } from '../../lib/map/overlays/marker';
import { Button } from '../../components/ui/Button';
import type { ChosenLocation } from './LocationField';

const CLOSE_ZOOM = 15;

export interface MapPickProps {
  value: ChosenLocation | null;
  onPick: (value: ChosenLocation) => void;
}

/**
 * "Tap on the map to set the location": the shared operational map, opened on demand (MapLibre
 * loads only then) and centred on the place chosen so far.
 */
export function MapPick({ value, onPick }: MapPickProps) {
  const [open, setOpen] = useState(false);
  const point = value?.location ?? null;
  const overlays = useMemo(() => [markerOverlay(point ? { lat: point.lat, lon: point.lon } : null, 'Here')], [point]);
  // The view is fixed when the map opens; later taps move the marker, not the camera.
  const [initialView] = useState(() => (point ? { center: { lat: point.lat, lon: point.lon }, zoom: CLOSE_ZOOM } : undefined));

  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)} className="w-full">
        <MapIcon aria-hidden="true" className="size-5" />
        Pick on the map
      </Button>
    );
  }
  return (
    <div className="space-y-2">
      <p className="text-sm text-ink-muted">Tap where it is. Zoom with two fingers or the + and − buttons.</p>
      <OperationalMap
        overlays={overlays}
        picking
        onPick={({ location }) => onPick({ location: { lat: location.lat, lon: location.lon }, source: 'map' })}
        initialView={initialView}
        label="Map: tap where it is"
        className="h-72 overflow-hidden rounded-lg border border-line"
      />
      <Button variant="ghost" onClick={() => setOpen(false)} className="w-full border-line">
        Close the map
      </Button>
    </div>
  );
}
