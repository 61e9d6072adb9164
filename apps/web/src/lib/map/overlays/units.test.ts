import { describe, expect, it } from 'vitest';
import type { Unit } from '@argus/contracts/http/units';
import { unitSidcs } from '../unit-symbols';
import { emergencyOverlay, STALE_POSITION_MS, unitsOverlay } from './units';

const PATROL = '10031000002000000000';
const sidcs = unitSidcs([{ kind: 'patrol', sidc: PATROL }]);

const NOW = 1_000_000_000;

function unit(id: string, overrides: Partial<Unit> = {}): Unit {
  return {
    id,
    callsign: `U-${id}`,
    kind: 'patrol',
    status: 'available',
    members: [],
    position: { location: { lat: 51.5, lon: -0.1 }, heading: 45, speed: 3, at: NOW - 1000 },
    emergency: null,
    updatedAt: NOW,
    ...overrides,
  };
}

describe('unit overlays', () => {
  it('draws units by kind and status with heading and a stale badge, leaving SOS units to the emergency overlay', () => {
    const units = [
      unit('fresh'),
      unit('old', { position: { location: { lat: 1, lon: 2 }, heading: null, speed: null, at: NOW - STALE_POSITION_MS - 1 } }),
      unit('nowhere', { position: null }),
      unit('sos', { emergency: { since: NOW, raisedBy: 'Frankie', location: { lat: 3, lon: 4 } } }),
    ];
    const overlay = unitsOverlay(units, { now: NOW, sidcs, selectedIds: new Set(['old']) });
    const byId = Object.fromEntries(overlay.data.features.map((feature) => [feature.properties.id, feature]));
    expect(Object.keys(byId)).toEqual(['fresh', 'old']);
    expect(byId.fresh!.properties).toMatchObject({
      stale: false,
      hasHeading: true,
      heading: 45,
      kind: 'patrol',
      status: 'available',
      symbol: `argus-unit-${PATROL}-available`,
      selected: false,
    });
    expect(byId.old!.properties).toMatchObject({ stale: true, hasHeading: false, selected: true });
    expect(byId.old!.geometry.coordinates).toEqual([2, 1]);
    expect(overlay.cluster).toBeDefined();

    const emergencies = emergencyOverlay(units, sidcs);
    expect(
      emergencies.data.features.map((feature) => [feature.properties.callsign, feature.properties.symbol, feature.geometry.coordinates]),
    ).toEqual([['U-sos', `argus-unit-${PATROL}-sos`, [4, 3]]]);
    expect(emergencies.cluster).toBeUndefined();
    // The SOS callsign goes under the units' symbols, so it is placed after them (MapLibre places
    // the topmost layer first) and keeps clear of them; the units' callsigns are placed after it.
    expect(emergencies.under).toEqual({ label: 'units-point' });
    const order = overlay.layers.map((layer) => layer.id);
    expect(order.indexOf('point')).toBeGreaterThan(order.indexOf('label'));
  });

  it('builds 10,000 units in one pass, so a large fleet stays well within one flush interval', () => {
    const units = Array.from({ length: 10_000 }, (_, index) =>
      unit(String(index), {
        position: { location: { lat: (index % 180) - 89, lon: (index % 360) - 179 }, heading: index % 360, speed: 1, at: NOW - index },
      }),
    );
    // Counted, not timed: reading each unit once and asking the selection once per unit keeps the
    // work linear, which a stopwatch on a loaded machine cannot tell from slow.
    let unitReads = 0;
    const counted = new Proxy(units, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) unitReads += 1;
        return Reflect.get(target, key, receiver);
      },
    });
    let selectionLookups = 0;
    const selectedIds = new Set(['7']);
    const has = selectedIds.has.bind(selectedIds);
    selectedIds.has = (id: string) => {
      selectionLookups += 1;
      return has(id);
    };
    const overlay = unitsOverlay(counted, { now: NOW, sidcs, selectedIds });
    expect(overlay.data.features).toHaveLength(10_000);
    expect(overlay.data.features.map((feature) => feature.properties.id)).toEqual(units.map((item) => item.id));
    expect(overlay.data.features.filter((feature) => feature.properties.selected).map((feature) => feature.properties.id)).toEqual(['7']);
    expect(unitReads).toBe(10_000);
    expect(selectionLookups).toBe(10_000);
  });
});
