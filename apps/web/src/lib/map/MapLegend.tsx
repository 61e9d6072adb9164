import { lazy, Suspense } from 'react';
import { UNIT_STATUSES } from '@argus/contracts/units';
import { INCIDENT_SEVERITIES } from '@argus/contracts/incidents';
import { UNIT_STATUS_LABELS } from '../../features/units/unit-labels';
import { EMERGENCY_COLOUR, REPORT_COLOUR, SEVERITY_COLOURS, UNIT_STATUS_COLOURS, ALERT_COLOURS } from './palette';
import { SEVERITY_LABELS } from '../../features/incidents/incident-labels';
import { SEVERITY_GLYPHS } from './incident-symbols';
import { BADGE_TEXT_COLOUR, SOS_GLYPH, UNIT_STATUS_GLYPHS } from './unit-symbols';

// The symbols need milsymbol, which loads with the map rather than with the page.
const UnitKindLegend = lazy(async () => ({ default: (await import('./SymbolLegend')).UnitKindLegend }));
const IncidentCategoryLegend = lazy(async () => ({ default: (await import('./SymbolLegend')).IncidentCategoryLegend }));

/** A badge as the map draws it beside a symbol: a unit status's or incident severity's letter on its colour. */
function StatusBadge({ text, colour }: { text: string; colour: string }) {
  return (
    <span
      aria-hidden="true"
      className="inline-flex h-4 min-w-4 items-center justify-center rounded-full px-1 text-[10px] font-bold leading-none"
      style={{ backgroundColor: colour, color: BADGE_TEXT_COLOUR }}
    >
      {text}
    </span>
  );
}

export type LegendPart = 'units' | 'incidents' | 'reports' | 'alerts';

/** What the symbols, colours and shapes on the map mean; folded away until asked for. */
export function MapLegend({ parts = ['units', 'incidents', 'reports', 'alerts'] }: { parts?: readonly LegendPart[] }) {
  return (
    <details className="absolute left-2 top-2 z-10 max-w-[calc(100%-4rem)] rounded-md border border-line bg-surface/95 text-sm">
      <summary className="cursor-pointer px-3 py-2 font-medium">Legend</summary>
      {/* Taller than a phone's map, so it scrolls, and a scrolling region must take keyboard focus. */}
      <div tabIndex={0} className="max-h-[60vh] space-y-2 overflow-y-auto px-3 pb-3">
        {parts.includes('units') ? (
          <>
            <Suspense fallback={<p className="text-ink-muted">Loading unit symbols...</p>}>
              <UnitKindLegend />
            </Suspense>
            <ul aria-label="Unit status" className="space-y-0.5">
              {UNIT_STATUSES.map((status) => (
                <li key={status} className="flex items-center gap-2">
                  <StatusBadge text={UNIT_STATUS_GLYPHS[status]} colour={UNIT_STATUS_COLOURS[status]} />
                  {UNIT_STATUS_LABELS[status]}
                </li>
              ))}
              <li className="flex items-center gap-2">
                <StatusBadge text={SOS_GLYPH} colour={EMERGENCY_COLOUR} />
                Unit in SOS: red symbol, whatever its status
              </li>
              <li>Pale frame: out of service or offline</li>
              <li>Faded, STALE: position older than 5 min</li>
            </ul>
          </>
        ) : null}
        {parts.includes('incidents') ? (
          <>
            <Suspense fallback={<p className="text-ink-muted">Loading incident symbols...</p>}>
              <IncidentCategoryLegend />
            </Suspense>
            <ul aria-label="Incident severity" className="space-y-0.5">
              {INCIDENT_SEVERITIES.map((severity) => (
                <li key={severity} className="flex items-center gap-2">
                  <StatusBadge text={SEVERITY_GLYPHS[severity]} colour={SEVERITY_COLOURS[severity]} />
                  {`Incident: ${SEVERITY_LABELS[severity]}`}
                </li>
              ))}
            </ul>
          </>
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
