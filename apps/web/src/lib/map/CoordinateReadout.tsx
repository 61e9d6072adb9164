import { formatGrid, formatLatLon } from './coordinates';

export interface ReadoutPoint {
  /** Under the pointer, or the centre of the view when the pointer is elsewhere (touch, keyboard). */
  kind: 'pointer' | 'centre';
  lat: number;
  lon: number;
}

/** The position under the pointer (or at the centre) in latitude/longitude and MGRS. */
export function CoordinateReadout({ point }: { point: ReadoutPoint | null }) {
  if (!point) return null;
  return (
    <div
      data-testid="map-readout"
      className="pointer-events-none absolute bottom-2 left-2 z-10 max-w-[calc(100%-1rem)] rounded-md border border-line bg-surface/90 px-2 py-1 font-mono text-xs leading-snug text-ink"
    >
      <span className="font-sans text-ink-muted">{point.kind === 'pointer' ? 'Pointer ' : 'Centre '}</span>
      <span>{formatLatLon(point)}</span>
      <br />
      <span className="font-sans text-ink-muted">MGRS </span>
      <span>{formatGrid(point)}</span>
    </div>
  );
}
