import { NotYetAvailable } from '../../components/NotYetAvailable';

/** /analytics: operational charts and platform telemetry (DESIGN section 2). */
export function AnalyticsPage() {
  return (
    <NotYetAvailable>
      Operational charts (incidents over time by category and severity, response times from dispatch
      to on-scene, unit utilisation, alerts by rule, report sources) with a time-range picker and CSV
      export; and platform telemetry: page views, web-vital metrics and client errors.
    </NotYetAvailable>
  );
}
