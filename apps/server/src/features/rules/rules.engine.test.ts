import { describe, expect, it } from 'vitest';
import type { RiskLevel, ZoneKind } from '@argus/contracts/zones';
import type { EngineAction, ReportSeen, UnitSeen } from './engine.types';
import { defaultRules } from './default-rules';
import { RulesEngine } from './rules.engine';
import { boundsOf, type IndexedZone } from './zone-index';

const T0 = Date.UTC(2026, 0, 1);
const MIN = 60_000;

function square(
  id: string,
  lon: number,
  lat: number,
  size: number,
  riskLevel: RiskLevel = 'high',
  kind: ZoneKind = 'ungoverned',
): IndexedZone {
  const geometry = {
    type: 'Polygon' as const,
    coordinates: [
      [
        [lon, lat],
        [lon + size, lat],
        [lon + size, lat + size],
        [lon, lat + size],
        [lon, lat],
      ],
    ],
  };
  return { id, name: `Zone ${id}`, kind, riskLevel, active: true, geometry, bbox: boundsOf(geometry) };
}

const unit = (lon: number, lat: number, at: number, status: UnitSeen['status'] = 'available'): UnitSeen => ({
  unitId: 'u1',
  callsign: 'ALPHA-1',
  kind: 'patrol',
  status,
  position: { lat, lon, at },
  ingestedAt: at,
});
const raises = (actions: EngineAction[]) =>
  actions.filter((action) => action.type === 'raise').map((action) => (action.type === 'raise' ? action.alert : null)!);
let reportSeq = 0;
const report = (lon: number, lat: number, at: number, description = 'A crowd is gathering', category = 'unrest'): ReportSeen => ({
  id: `r${++reportSeq}`,
  category,
  description,
  lat,
  lon,
  at,
  ingestedAt: at,
});

function engineWith(...zones: IndexedZone[]) {
  const engine = new RulesEngine(defaultRules());
  engine.setZones(zones);
  return engine;
}

describe('geofence', () => {
  it('raises once on entry, nothing while inside, and notes the exit', () => {
    const engine = engineWith(square('z1', 10, 10, 1));
    expect(engine.unit(unit(9.5, 9.5, T0), T0)).toEqual([]);
    const entry = engine.unit(unit(10.5, 10.5, T0 + 1000), T0 + 1000);
    expect(raises(entry)).toMatchObject([
      { rule: 'zone.geofence', subject: 'unit:u1@zone:z1', severity: 'warning', zoneId: 'z1', eventAt: T0 + 1000 },
    ]);
    expect(entry).toContainEqual({ type: 'enter', subject: 'unit:u1', zoneId: 'z1', enteredAt: T0 + 1000, alerted: true });
    expect(engine.unit(unit(10.6, 10.6, T0 + 2000), T0 + 2000)).toEqual([]);
    const exit = engine.unit(unit(12, 12, T0 + 3000), T0 + 3000);
    expect(exit).toContainEqual({ type: 'leave', subject: 'unit:u1', zoneId: 'z1' });
    expect(exit.find((action) => action.type === 'note')).toMatchObject({ rule: 'zone.geofence', subject: 'unit:u1@zone:z1' });
  });

  it('resolves on exit when the rule says so, and ignores zones below the risk level or inactive', () => {
    const engine = engineWith(square('z1', 10, 10, 1), square('low', 10, 10, 1, 'elevated'), {
      ...square('off', 10, 10, 1, 'critical'),
      active: false,
    });
    engine.setRules({
      ...engine.currentRules,
      'zone.geofence': {
        ...engine.currentRules['zone.geofence'],
        params: { ...engine.currentRules['zone.geofence'].params, resolveOnExit: true },
      },
    });
    expect(raises(engine.unit(unit(10.5, 10.5, T0), T0)).map((alert) => alert.zoneId)).toEqual(['z1']);
    expect(engine.unit(unit(0, 0, T0 + 1000), T0 + 1000)).toContainEqual({
      type: 'resolve',
      rule: 'zone.geofence',
      subject: 'unit:u1@zone:z1',
    });
  });

  it('waits for the dwell time, from the next position or from the timer', () => {
    const engine = engineWith(square('z1', 10, 10, 1, 'critical'));
    const rules = engine.currentRules;
    engine.setRules({
      ...rules,
      'zone.geofence': { ...rules['zone.geofence'], params: { ...rules['zone.geofence'].params, dwellSeconds: 120 } },
    });
    expect(raises(engine.unit(unit(10.5, 10.5, T0), T0))).toEqual([]);
    expect(raises(engine.unit(unit(10.6, 10.5, T0 + 60_000), T0 + 60_000))).toEqual([]);
    expect(raises(engine.tick(T0 + 119_000))).toEqual([]);
    expect(raises(engine.tick(T0 + 120_000))).toMatchObject([{ subject: 'unit:u1@zone:z1', severity: 'critical' }]);
    expect(raises(engine.tick(T0 + 180_000))).toEqual([]);
    expect(raises(engine.unit(unit(10.7, 10.5, T0 + 200_000), T0 + 200_000))).toEqual([]);
  });

  it('does not raise again after a restart for a unit already inside', () => {
    const engine = engineWith(square('z1', 10, 10, 1));
    engine.restore(
      {
        units: [unit(10.5, 10.5, T0)],
        presence: [{ subject: 'unit:u1', zoneId: 'z1', enteredAt: T0, alerted: true }],
        openAlerts: [],
        recentReports: [],
      },
      T0,
    );
    expect(engine.unit(unit(10.6, 10.6, T0 + 1000), T0 + 1000)).toEqual([]);
  });

  it('merges reports inside the same zone into one subject', () => {
    const engine = engineWith(square('z1', 10, 10, 1));
    const first = raises(engine.report(report(10.2, 10.2, T0, 'quiet')));
    const second = raises(engine.report(report(10.8, 10.8, T0 + 1000, 'quiet')));
    expect(first.map((alert) => alert.subject)).toEqual(['reports@zone:z1']);
    expect(second.map((alert) => alert.subject)).toEqual(['reports@zone:z1']);
  });
});

describe('burst', () => {
  it('needs N reports of one category within R metres and T minutes, and merges the rest into it', () => {
    const engine = engineWith();
    const lon = 30;
    const lat = 0;
    expect(raises(engine.report(report(lon, lat, T0)))).toEqual([]);
    expect(raises(engine.report(report(lon + 0.001, lat, T0 + 5 * MIN)))).toEqual([]);
    // Another category, and one too far away, do not count.
    expect(raises(engine.report(report(lon, lat, T0 + 6 * MIN, 'x', 'flood')))).toEqual([]);
    expect(raises(engine.report(report(lon + 0.1, lat, T0 + 7 * MIN)))).toEqual([]);
    const third = raises(engine.report(report(lon, lat + 0.001, T0 + 10 * MIN)));
    expect(third).toMatchObject([{ rule: 'report.burst', severity: 'warning' }]);
    expect(third[0]!.sources).toHaveLength(3);
    const fourth = raises(engine.report(report(lon, lat, T0 + 11 * MIN)));
    expect(fourth[0]!.subject).toBe(third[0]!.subject);
  });

  it('lets reports older than the window fall out', () => {
    const engine = engineWith();
    engine.report(report(30, 0, T0));
    engine.report(report(30, 0, T0 + 1 * MIN));
    expect(raises(engine.report(report(30, 0, T0 + 31 * MIN)))).toEqual([]);
    expect(raises(engine.report(report(30, 0, T0 + 32 * MIN)))).toEqual([]);
    expect(raises(engine.report(report(30, 0, T0 + 33 * MIN)))).toHaveLength(1);
  });
});

describe('keywords', () => {
  it('raises as severe as the worst word, whole words and plurals only', () => {
    const engine = engineWith();
    expect(raises(engine.report(report(50, 50, T0, 'Smoke and fire near the market', 'other')))).toMatchObject([
      { rule: 'report.keywords', severity: 'warning' },
    ]);
    const both = raises(engine.report(report(51, 51, T0, 'Fire, then SHOTS fired and a weapon seen', 'other')));
    expect(both).toMatchObject([{ severity: 'critical' }]);
    expect(both[0]!.title).toContain('weapon');
    expect(raises(engine.report(report(52, 52, T0, 'The fireworks were lovely', 'other')))).toEqual([]);
    expect(raises(engine.report(report(53, 53, T0, 'Two explosions heard', 'other')))).toMatchObject([{ severity: 'critical' }]);
  });
});

describe('unit silence', () => {
  it('raises once for an assigned unit quiet past the limit and resolves when it is heard again', () => {
    const engine = engineWith();
    engine.unit(unit(1, 1, T0, 'en_route'), T0);
    expect(raises(engine.tick(T0 + 9 * MIN))).toEqual([]);
    expect(raises(engine.tick(T0 + 10 * MIN))).toMatchObject([{ rule: 'unit.silence', subject: 'u1' }]);
    expect(raises(engine.tick(T0 + 20 * MIN))).toEqual([]);
    expect(engine.unit(unit(1.001, 1, T0 + 21 * MIN, 'en_route'), T0 + 21 * MIN)).toContainEqual({
      type: 'resolve',
      rule: 'unit.silence',
      subject: 'u1',
    });
  });

  it('leaves units without an assignment alone', () => {
    const engine = engineWith();
    engine.unit(unit(1, 1, T0, 'available'), T0);
    expect(engine.tick(T0 + 60 * MIN)).toEqual([]);
  });
});

describe('detection in zone', () => {
  /** A frame of the camera at (10.5, 10.5); each object stands at the camera unless placed elsewhere. */
  const frame = (at: number, labels: [string, number, { lat: number; lon: number }?][]) => ({
    cameraId: 'cam1',
    cameraName: 'Gate camera',
    at,
    ingestedAt: at,
    location: { lat: 10.5, lon: 10.5 },
    detections: labels.map(([label, score, location], index) => ({
      id: `d${at}-${index}`,
      label,
      score,
      location: location ?? { lat: 10.5, lon: 10.5 },
    })),
  });

  it('needs consecutive frames (inertia); a gap starts over; raises a detection-tier alert once', () => {
    const engine = engineWith(square('r1', 10, 10, 1, 'low', 'restricted'));
    expect(raises(engine.detections(frame(T0, [['person', 0.8]])))).toEqual([]);
    expect(raises(engine.detections(frame(T0 + 250, [['person', 0.2]])))).toEqual([]);
    expect(raises(engine.detections(frame(T0 + 500, [['person', 0.8]])))).toEqual([]);
    expect(
      raises(
        engine.detections(
          frame(T0 + 750, [
            ['person', 0.8],
            ['dog', 0.9],
          ]),
        ),
      ),
    ).toEqual([]);
    const third = raises(engine.detections(frame(T0 + 1000, [['person', 0.9]])));
    expect(third).toMatchObject([{ rule: 'detection.zone', tier: 'detection', subject: 'camera:cam1:person@zone:r1' }]);
    expect(raises(engine.detections(frame(T0 + 1250, [['person', 0.9]])))).toEqual([]);
  });

  it('waits for the loitering time and ignores cameras outside watched zones', () => {
    const engine = engineWith(square('r1', 10, 10, 1, 'low', 'restricted'), square('p1', 10, 10, 1, 'critical', 'patrol'));
    const rules = engine.currentRules;
    engine.setRules({
      ...rules,
      'detection.zone': { ...rules['detection.zone'], params: { ...rules['detection.zone'].params, minFrames: 1, loiterSeconds: 2 } },
    });
    expect(raises(engine.detections(frame(T0, [['car', 0.9]])))).toEqual([]);
    expect(raises(engine.detections(frame(T0 + 1000, [['car', 0.9]])))).toEqual([]);
    expect(raises(engine.detections(frame(T0 + 2000, [['car', 0.9]]))).map((alert) => alert.zoneId)).toEqual(['r1']);
  });

  it('places each object where it stands on the ground, not where the camera stands', () => {
    // The camera stands in r1; r2 lies beyond it, where its field of view reaches.
    const engine = engineWith(square('r1', 10, 10, 1, 'low', 'restricted'), square('r2', 11, 10, 1, 'high', 'restricted'));
    const rules = engine.currentRules;
    engine.setRules({
      ...rules,
      'detection.zone': { ...rules['detection.zone'], params: { ...rules['detection.zone'].params, minFrames: 1, loiterSeconds: 0 } },
    });
    const far = { lat: 10.5, lon: 11.5 };
    const outside = { lat: 9.5, lon: 9.5 };
    const [alert, ...others] = raises(
      engine.detections(
        frame(T0, [
          ['person', 0.9, far],
          ['person', 0.8, outside],
        ]),
      ),
    );
    expect(others).toEqual([]);
    expect(alert).toMatchObject({ zoneId: 'r2', location: far, subject: 'camera:cam1:person@zone:r2' });
    expect(alert!.sources.filter((source) => source.kind === 'detection').map((source) => source.id)).toEqual([`d${T0}-0`]);
    // A car seen outside every zone raises nothing, though the camera itself is inside r1.
    expect(
      raises(
        engine.detections(
          frame(T0 + 250, [
            ['person', 0.9, far],
            ['car', 0.9, outside],
          ]),
        ),
      ),
    ).toEqual([]);
  });
});

describe('restart', () => {
  it('resumes burst windows and open bursts, and silence already alerted, without raising again', () => {
    const engine = engineWith();
    const earlier = [report(30, 0, T0), report(30.001, 0, T0 + MIN)];
    engine.restore(
      {
        units: [unit(1, 1, T0, 'on_scene')],
        presence: [],
        openAlerts: [
          { rule: 'unit.silence', subject: 'u1', lat: 1, lon: 1, updatedAt: T0 },
          { rule: 'report.burst', subject: 'burst:unrest:r-old', lat: 0, lon: 30, updatedAt: T0 },
        ],
        recentReports: earlier,
      },
      T0 + 2 * MIN,
    );
    // The third report completes a burst with the two read back, and merges into the open one.
    expect(raises(engine.report(report(30, 0.001, T0 + 3 * MIN)))).toMatchObject([{ rule: 'report.burst', subject: 'burst:unrest:r-old' }]);
    expect(raises(engine.tick(T0 + 60 * MIN))).toEqual([]);
  });

  it('starts the silence clock of an assigned unit from when it was read back', () => {
    const engine = engineWith();
    engine.restore({ units: [{ ...unit(1, 1, T0, 'en_route'), position: null }], presence: [], openAlerts: [], recentReports: [] }, T0);
    expect(raises(engine.tick(T0 + 9 * MIN))).toEqual([]);
    expect(raises(engine.tick(T0 + 10 * MIN))).toMatchObject([{ rule: 'unit.silence' }]);
  });
});

describe('coverage', () => {
  const coverage = (actions: EngineAction[]) => raises(actions).filter((alert) => alert.rule === 'zone.coverage');
  const patrolZone = () => square('beat', 10, 10, 1, 'low', 'patrol');
  const crew = (unitId: string, kind: UnitSeen['kind'], lon: number, lat: number, status: UnitSeen['status'], at: number): UnitSeen => ({
    unitId,
    callsign: unitId.toUpperCase(),
    kind,
    status,
    position: { lat, lon, at },
    ingestedAt: at,
  });

  it('raises once when a watched zone has had no available unit of the kind for the rule’s minutes, and resolves when one is back', () => {
    const engine = engineWith(patrolZone());
    engine.unit(crew('p1', 'patrol', 10.5, 10.5, 'available', T0), T0);
    expect(coverage(engine.tick(T0 + MIN))).toEqual([]);
    // Dispatched away: still inside, but not available, so the gap starts.
    engine.unit(crew('p1', 'patrol', 10.5, 10.5, 'dispatched', T0 + 2 * MIN), T0 + 2 * MIN);
    expect(coverage(engine.tick(T0 + 3 * MIN))).toEqual([]);
    // Another kind inside does not cover for a patrol unit.
    engine.unit(crew('f1', 'fire', 10.4, 10.4, 'available', T0 + 4 * MIN), T0 + 4 * MIN);
    expect(coverage(engine.tick(T0 + 10 * MIN))).toEqual([]);
    const raised = coverage(engine.tick(T0 + 19 * MIN));
    expect(raised).toMatchObject([
      {
        rule: 'zone.coverage',
        subject: 'coverage:beat:patrol',
        zoneId: 'beat',
        title: 'No available patrol unit in Zone beat',
        severity: 'warning',
      },
    ]);
    expect(raised[0]!.detail).toContain('for 16 minutes');
    expect(coverage(engine.tick(T0 + 30 * MIN))).toEqual([]);
    engine.unit(crew('p1', 'patrol', 10.5, 10.5, 'available', T0 + 31 * MIN), T0 + 31 * MIN);
    expect(engine.tick(T0 + 32 * MIN)).toContainEqual({ type: 'resolve', rule: 'zone.coverage', subject: 'coverage:beat:patrol' });
  });

  it('counts a unit that drives out of the zone as gone, and watches only the zone and unit kinds the rule names', () => {
    const rules = defaultRules();
    rules['zone.coverage'].params = { zoneKinds: ['patrol'], unitKinds: ['patrol', 'medical'], minutes: 5 };
    const engine = new RulesEngine(rules);
    engine.setZones([patrolZone(), square('hot', 20, 20, 1, 'critical', 'ungoverned')]);
    engine.unit(crew('p1', 'patrol', 10.5, 10.5, 'available', T0), T0);
    engine.unit(crew('m1', 'medical', 10.5, 10.5, 'available', T0), T0);
    engine.tick(T0);
    engine.unit(crew('m1', 'medical', 30, 30, 'available', T0 + MIN), T0 + MIN);
    engine.tick(T0 + 2 * MIN);
    expect(coverage(engine.tick(T0 + 8 * MIN)).map((alert) => alert.subject)).toEqual(['coverage:beat:medical']);
  });

  it('resumes an open coverage alert after a restart without raising it again, and resolves it when switched off', () => {
    const engine = engineWith(patrolZone());
    engine.restore(
      {
        units: [],
        presence: [],
        openAlerts: [{ rule: 'zone.coverage', subject: 'coverage:beat:patrol', lat: null, lon: null, updatedAt: T0 }],
        recentReports: [],
      },
      T0,
    );
    expect(coverage(engine.tick(T0 + 60 * MIN))).toEqual([]);
    const rules = defaultRules();
    rules['zone.coverage'].enabled = false;
    engine.setRules(rules);
    expect(engine.tick(T0 + 61 * MIN)).toContainEqual({ type: 'resolve', rule: 'zone.coverage', subject: 'coverage:beat:patrol' });
  });
});
