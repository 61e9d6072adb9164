import { useCoordinateFormat } from '../geo/coordinate-preference';
import { coordinateReadings } from '../geo/format-coordinate';

export interface ReadoutPoint {
  /** Under the pointer, or the centre of the view when the pointer is elsewhere (touch, keyboard). */
  kind: 'pointer' | 'centre';
  lat: number;
  lon: number;
}

/** The position under the pointer (or at the centre) in the reader's format, then a second one. */
export function CoordinateReadout({ point }: { point: ReadoutPoint | null }) {
  const format = useCoordinateFormat();
  if (!point) return null;
  const [preferred, other] = coordinateReadings(point, format);
  return (
    <div
      data-testid="map-readout"
      className="pointer-events-none absolute bottom-2 left-2 z-10 max-w-[calc(100%-1rem)] rounded-md border border-line bg-surface/90 px-2 py-1 font-mono text-xs leading-snug text-ink"
    >
      <span className="font-sans text-ink-muted">{point.kind === 'pointer' ? 'Pointer ' : 'Centre '}</span>
      <span>{preferred.name === 'Lat/lon' ? preferred.text : `${preferred.name} ${preferred.text}`}</span>
      <br />
      <span className="font-sans text-ink-muted">{`${other.name} `}</span>
      <span>{other.text}</span>
    </div>
  );
}
