import { NotYetAvailable } from '../../components/NotYetAvailable';

/** /ungoverned-zones: zones by risk level and kind (DESIGN section 2). */
export function UngovernedZonesPage() {
  return (
    <NotYetAvailable>
      Zones on the map and in a table by risk level (low, elevated, high, critical) and kind; edit,
      draw and deactivate them; and per zone, the incidents, reports and alerts inside it and the
      geofence rules that watch it.
    </NotYetAvailable>
  );
}
