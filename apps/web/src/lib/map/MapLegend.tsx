import { UNIT_STATUSES } from '@argus/contracts/units';
import { INCIDENT_SEVERITIES } from '@argus/contracts/incidents';
import { UNIT_STATUS_LABELS } from '../../features/units/unit-labels';
import { EMERGENCY_COLOUR, REPORT_COLOUR, SEVERITY_COLOURS, UNIT_STATUS_COLOURS, ALERT_COLOURS } from './palette';

export type LegendPart = 'units' | 'incidents' | 'reports' | 'alerts';

/** What the colours and shapes on the map mean; folded away until asked for. */
export function MapLegend({ parts = ['units', 'incidents', 'reports', 'alerts'] }: { parts?: readonly LegendPart[] }) {
  return (
    <details className="absolute left-2 top-2 z-10 max-w-[calc(100%-4rem)] rounded-md border border-line bg-surface/95 text-sm">
      <summary className="cursor-pointer px-3 py-2 font-medium">Legend</summary>
      <div className="space-y-2 px-3 pb-3">
        {parts.includes('units') ? (
          <ul aria-label="Units" className="space-y-0.5">
            {UNIT_STATUSES.map((status) => (
              <li key={status} className="flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className="inline-block size-3 rounded-full"
                  style={{ backgroundColor: UNIT_STATUS_COLOURS[status] }}
                />
                {`Unit: ${UNIT_STATUS_LABELS[status]}`}
              </li>
            ))}
            <li className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className="inline-block size-3 rounded-full border-2 border-white"
                style={{ backgroundColor: EMERGENCY_COLOUR }}
              />
              Unit in SOS
            </li>
            <li className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className="inline-block size-3 rounded-full opacity-50"
                style={{ backgroundColor: UNIT_STATUS_COLOURS.available }}
              />
              Faded, STALE: position older than 5 min
            </li>
          </ul>
        ) : null}
        {parts.includes('incidents') ? (
          <ul aria-label="Incidents" className="space-y-0.5">
            {INCIDENT_SEVERITIES.map((severity) => (
              <li key={severity} className="flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className="inline-block size-2.5 rotate-45"
                  style={{ backgroundColor: SEVERITY_COLOURS[severity] }}
                />
                {`Incident: ${severity}`}
              </li>
            ))}
          </ul>
        ) : null}
        {parts.includes('reports') ? (
          <p className="flex items-center gap-2">
            <span aria-hidden="true" className="inline-block size-2.5" style={{ backgroundColor: REPORT_COLOUR }} />
            Report awaiting triage
          </p>
        ) : null}
        {parts.includes('alerts') ? (
          <p className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="inline-block size-0 border-x-[6px] border-b-[10px] border-x-transparent"
              style={{ borderBottomColor: ALERT_COLOURS.warning }}
            />
            Alert
          </p>
        ) : null}
        <p className="text-ink-muted">Numbered circles are groups: click to zoom in.</p>
      </div>
    </details>
  );
}
