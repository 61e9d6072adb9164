import ms from 'milsymbol';
import { describe, expect, it } from 'vitest';
import { ALERT_SEVERITIES, ALERT_STATUSES } from '@argus/contracts/alerts';
import { CAMERA_KINDS, CAMERA_STATUSES } from '@argus/contracts/http/cameras';
import { REPORT_KINDS, REPORT_STATUSES } from '@argus/contracts/reports';
import { ALERT_SIDC, alertSymbolFromName, alertSymbolName } from './alert-symbols';
import { CAMERA_KIND_SIDCS, cameraSymbol, cameraSymbolFromName, cameraSymbolName } from './camera-symbols';
import { incidentSymbolFromName } from './incident-symbols';
import { REPORT_KIND_SIDCS, reportSymbol, reportSymbolFromName, reportSymbolName } from './report-symbols';
import { unitSymbolFromName } from './unit-symbols';

/** Every name a parser knows must belong to it alone, so symbol-image.ts can ask them in any order. */
const PARSERS = [unitSymbolFromName, incidentSymbolFromName, cameraSymbolFromName, alertSymbolFromName, reportSymbolFromName];
const claimedBy = (name: string) => PARSERS.filter((parse) => parse(name) !== null).length;

describe('camera symbols', () => {
  it('draws cameras and sensors as different sensor symbols that milsymbol knows', () => {
    for (const kind of CAMERA_KINDS) {
      expect(new ms.Symbol(CAMERA_KIND_SIDCS[kind]).isValid(true), kind).toMatchObject({ affiliation: 'Friend', icon: true });
    }
    expect(new Set(Object.values(CAMERA_KIND_SIDCS)).size).toBe(CAMERA_KINDS.length);
  });

  it('tells health apart without colour: a letter for degraded and offline, a pale frame offline, nothing when online', () => {
    expect(cameraSymbol('camera', 'online').badge).toBeNull();
    expect(cameraSymbol('camera', 'degraded').badge?.text).toBe('D');
    expect(cameraSymbol('camera', 'offline')).toMatchObject({ badge: { text: 'X' }, fillOpacity: 0.35 });
  });

  it('names each look once and reads every name back to the same look', () => {
    const names = CAMERA_KINDS.flatMap((kind) => CAMERA_STATUSES.map((status) => cameraSymbolName(kind, status)));
    expect(new Set(names).size).toBe(CAMERA_KINDS.length * CAMERA_STATUSES.length);
    for (const name of names) {
      expect(cameraSymbolFromName(name)?.name).toBe(name);
      expect(claimedBy(name)).toBe(1);
    }
    for (const bad of ['argus-camera-drone-online', 'argus-camera-camera-broken', 'argus-camera-camera-online-x', 'argus-camera-']) {
      expect(cameraSymbolFromName(bad), bad).toBeNull();
    }
  });
});

describe('alert symbols', () => {
  it('is an activity in the unknown frame that milsymbol draws', () => {
    expect(new ms.Symbol(ALERT_SIDC).isValid(true)).toMatchObject({ affiliation: 'Unknown' });
  });

  it('has a look per severity, new apart from handled, each severity by its own letter', () => {
    const looks = ALERT_SEVERITIES.flatMap((severity) =>
      ALERT_STATUSES.map((status) => alertSymbolFromName(alertSymbolName(severity, status))!),
    );
    expect(new Set(looks.map((look) => look.name)).size).toBe(ALERT_SEVERITIES.length * 2);
    expect(new Set(ALERT_SEVERITIES.map((severity) => alertSymbolFromName(alertSymbolName(severity, 'new'))!.badge!.text)).size).toBe(
      ALERT_SEVERITIES.length,
    );
    // Acknowledged, resolved and dismissed all read as handled: a hollow badge and a pale frame.
    for (const status of ['acknowledged', 'resolved', 'dismissed'] as const) {
      expect(alertSymbolFromName(alertSymbolName('critical', status))).toMatchObject({ badge: { hollow: true }, fillOpacity: 0.35 });
    }
    expect(alertSymbolFromName(alertSymbolName('critical', 'new'))).toMatchObject({ badge: { hollow: false }, fillOpacity: 1 });
    for (const look of looks) expect(claimedBy(look.name)).toBe(1);
    expect(alertSymbolFromName('argus-alert-severe-new')).toBeNull();
    expect(alertSymbolFromName('argus-alert-info-acknowledged')).toBeNull();
  });
});

describe('report symbols', () => {
  it('draws civic reports in the neutral frame and field reports in the friendly one', () => {
    expect(new ms.Symbol(REPORT_KIND_SIDCS.civic).isValid(true)).toMatchObject({ affiliation: 'Neutral' });
    expect(new ms.Symbol(REPORT_KIND_SIDCS.field).isValid(true)).toMatchObject({ affiliation: 'Friend' });
  });

  it('tells every triage status apart by its letter, and pales closed reports', () => {
    const letters = REPORT_STATUSES.map((status) => reportSymbol('civic', status).badge!.text);
    expect(new Set(letters).size).toBe(REPORT_STATUSES.length);
    expect(reportSymbol('civic', 'rejected').fillOpacity).toBeLessThan(1);
    expect(reportSymbol('civic', 'submitted').fillOpacity).toBe(1);
    for (const kind of REPORT_KINDS) {
      for (const status of REPORT_STATUSES) {
        const name = reportSymbolName(kind, status);
        expect(reportSymbolFromName(name)?.name).toBe(name);
        expect(claimedBy(name)).toBe(1);
      }
    }
    expect(reportSymbolFromName('argus-report-civic-lost')).toBeNull();
  });
});
