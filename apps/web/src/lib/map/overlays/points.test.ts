import { describe, expect, it } from 'vitest';
import type { Alert } from '@argus/contracts/http/alerts';
import type { Report } from '@argus/contracts/http/reports';
import { alertSymbolFromName } from '../alert-symbols';
import { reportSymbolFromName } from '../report-symbols';
import { alertsOverlay } from './alerts';
import { reportsOverlay } from './reports';

const at = { lat: 51.5, lon: -0.1 };

describe('alert and report overlays', () => {
  it('names each placed alert its symbol by severity, new apart from handled, and leaves out alerts with no place', () => {
    const alerts = [
      { id: 'a', severity: 'critical', status: 'new', title: 'Gas', location: at },
      { id: 'b', severity: 'critical', status: 'acknowledged', title: 'Gas 2', location: at },
      { id: 'c', severity: 'info', status: 'new', title: 'Nowhere', location: null },
    ] as unknown as Alert[];
    const overlay = alertsOverlay(alerts);
    const symbols = overlay.data.features.map((feature) => [feature.properties.id, feature.properties.symbol]);
    expect(symbols).toEqual([
      ['a', 'argus-alert-critical-new'],
      ['b', 'argus-alert-critical-handled'],
    ]);
    for (const [, name] of symbols) expect(alertSymbolFromName(String(name))).not.toBeNull();
    // A new critical alert is drawn above a handled one.
    const rank = (id: string) => Number(overlay.data.features.find((feature) => feature.properties.id === id)!.properties.rank);
    expect(rank('a')).toBeGreaterThan(rank('b'));
  });

  it('names each report its symbol by kind and triage status', () => {
    const reports = [
      { id: 'r1', kind: 'civic', status: 'submitted', category: 'pothole', trackingCode: 'T1', location: at },
      { id: 'r2', kind: 'field', status: 'verified', category: 'fire', trackingCode: 'T2', location: at },
    ] as unknown as Report[];
    const names = reportsOverlay(reports).data.features.map((feature) => String(feature.properties.symbol));
    expect(names).toEqual(['argus-report-civic-submitted', 'argus-report-field-verified']);
    for (const name of names) expect(reportSymbolFromName(name)).not.toBeNull();
  });
});
