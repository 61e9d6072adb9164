import { lazy, Suspense } from 'react';
import { UNIT_STATUSES } from '@argus/contracts/units';
import { INCIDENT_SEVERITIES } from '@argus/contracts/incidents';
import { UNIT_STATUS_LABELS } from '../../features/units/unit-labels';
import { ALERT_SEVERITIES } from '@argus/contracts/alerts';
import { REPORT_STATUSES, type ReportStatus } from '@argus/contracts/reports';
import {
  ALERT_COLOURS,
  CAMERA_STATUS_COLOURS,
  EMERGENCY_COLOUR,
  REPORT_STATUS_COLOURS,
  SEVERITY_COLOURS,
  TAK_CONTACT_COLOUR,
  BASEMAP_COLOURS,
  UNIT_STATUS_COLOURS,
} from './palette';
import { ALERT_SEVERITY_GLYPHS } from './alert-symbols';
import { CAMERA_STATUS_GLYPHS } from './camera-symbols';
import { REPORT_STATUS_GLYPHS } from './report-symbols';
import { SEVERITY_LABELS } from '../../features/incidents/incident-labels';
import { SEVERITY_GLYPHS } from './incident-symbols';
import { BADGE_TEXT_COLOUR, SOS_GLYPH, UNIT_STATUS_GLYPHS } from './unit-symbols';

// The symbols need milsymbol, which loads with the map rather than with the page.
const UnitKindLegend = lazy(async () => ({ default: (await import('./SymbolLegend')).UnitKindLegend }));
const IncidentCategoryLegend = lazy(async () => ({ default: (await import('./SymbolLegend')).IncidentCategoryLegend }));
const CameraKindLegend = lazy(async () => ({ default: (await import('./SymbolLegend')).CameraKindLegend }));
const AlertReportLegend = lazy(async () => ({ default: (await import('./SymbolLegend')).AlertReportLegend }));

const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  submitted: 'New report',
  under_review: 'Report under review',
  verified: 'Verified report',
  rejected: 'Rejected report',
  merged: 'Report merged into another',
};
const ALERT_SEVERITY_LABELS = { info: 'Alert: info', warning: 'Alert: warning', critical: 'Alert: critical' } as const;

/** A badge as the map draws it beside a symbol: a state's letter on its colour, or in a ring of it once handled. */
function StatusBadge({ text, colour, hollow = false }: { text: string; colour: string; hollow?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className="inline-flex h-4 min-w-4 items-center justify-center rounded-full border-2 px-1 text-[10px] font-bold leading-none"
      style={
        hollow
          ? { borderColor: colour, color: colour, backgroundColor: BADGE_TEXT_COLOUR }
          : { borderColor: colour, backgroundColor: colour, color: BADGE_TEXT_COLOUR }
      }
    >
      {text}
    </span>
  );
}

export type LegendPart = 'units' | 'incidents' | 'reports' | 'alerts' | 'cameras' | 'tak';

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
        {parts.includes('reports') || parts.includes('alerts') ? (
          <Suspense fallback={<p className="text-ink-muted">Loading symbols...</p>}>
            <AlertReportLegend alerts={parts.includes('alerts')} reports={parts.includes('reports')} />
          </Suspense>
        ) : null}
        {parts.includes('reports') ? (
          <ul aria-label="Report status" className="space-y-0.5">
            {REPORT_STATUSES.map((status) => (
              <li key={status} className="flex items-center gap-2">
                <StatusBadge text={REPORT_STATUS_GLYPHS[status]} colour={REPORT_STATUS_COLOURS[status]} />
                {REPORT_STATUS_LABELS[status]}
              </li>
            ))}
          </ul>
        ) : null}
        {parts.includes('alerts') ? (
          <ul aria-label="Alert severity" className="space-y-0.5">
            {ALERT_SEVERITIES.map((severity) => (
              <li key={severity} className="flex items-center gap-2">
                <StatusBadge text={ALERT_SEVERITY_GLYPHS[severity]} colour={ALERT_COLOURS[severity]} />
                {ALERT_SEVERITY_LABELS[severity]}
              </li>
            ))}
            <li className="flex items-center gap-2">
              <StatusBadge text={ALERT_SEVERITY_GLYPHS.warning} colour={ALERT_COLOURS.warning} hollow />
              Hollow badge, pale symbol: alert acknowledged
            </li>
          </ul>
        ) : null}
        {parts.includes('cameras') ? (
          <>
            <Suspense fallback={<p className="text-ink-muted">Loading camera symbols...</p>}>
              <CameraKindLegend />
            </Suspense>
            <ul aria-label="Camera health" className="space-y-0.5">
              <li>No badge: online</li>
              <li className="flex items-center gap-2">
                <StatusBadge text={CAMERA_STATUS_GLYPHS.degraded!} colour={CAMERA_STATUS_COLOURS.degraded} />
                Degraded
              </li>
              <li className="flex items-center gap-2">
                <StatusBadge text={CAMERA_STATUS_GLYPHS.offline!} colour={CAMERA_STATUS_COLOURS.offline} />
                Offline (pale symbol)
              </li>
            </ul>
          </>
        ) : null}
        {parts.includes('tak') ? (
          <ul aria-label="TAK devices" className="space-y-0.5">
            <li className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className="inline-flex size-4 items-center justify-center rounded-full border-[3px]"
                style={{ borderColor: TAK_CONTACT_COLOUR }}
              >
                <span className="size-1 rounded-full" style={{ backgroundColor: TAK_CONTACT_COLOUR }} />
              </span>
              TAK device bound to no unit (ATAK, iTAK, WinTAK)
            </li>
            <li>Faded, “(stale)”: not heard for 5 min</li>
            <li className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className="size-3.5 shrink-0 rounded-full border-2"
                style={{ borderColor: BASEMAP_COLOURS.halo, backgroundColor: TAK_CONTACT_COLOUR }}
              />
              Point a TAK device placed (spot map, waypoint, checkpoint), in its own colour or violet
            </li>
          </ul>
        ) : null}
        {parts.some((part) => part === 'units' || part === 'reports') ? (
          <p className="text-ink-muted">Numbered circles are groups: click to zoom in.</p>
        ) : null}
      </div>
    </details>
  );
}
