import { describe, expect, it } from 'vitest';
import type { DispatchCapabilities } from '@argus/contracts/http/dispatch-capabilities';
import type { Unit } from '@argus/contracts/http/units';
import { formatEta, neededCapabilities, rankAvailableUnits } from './dispatch-ranking';

const unit = (id: string, overrides: Partial<Unit> = {}, lat?: number): Unit => ({
  id,
  callsign: id,
  kind: 'patrol',
  status: 'available',
  members: [],
  position: lat === undefined ? null : { location: { lat, lon: 0 }, heading: null, speed: null, at: 1 },
  emergency: null,
  updatedAt: 1,
  ...overrides,
});

/** A small table in the shape of migration 0023's defaults. */
const table: DispatchCapabilities = {
  unitKinds: [
    { kind: 'patrol', capabilities: ['law enforcement', 'traffic control'], speedKmh: 45 },
    { kind: 'fire', capabilities: ['fire suppression', 'technical rescue'], speedKmh: 35 },
    { kind: 'medical', capabilities: ['medical care'], speedKmh: 40 },
  ],
  categories: [
    { category: 'fire', needs: ['fire suppression'] },
    { category: 'traffic', needs: ['traffic control', 'medical care'] },
    { category: 'search and rescue', needs: ['technical rescue'] },
  ],
};

const ids = (ranked: { unit: Unit }[]) => ranked.map((entry) => entry.unit.id);

describe('neededCapabilities', () => {
  it('applies a rule whose words appear in order in the free-text category, adding the needs up', () => {
    expect(neededCapabilities('Vehicle fire', table)).toEqual(['fire suppression']);
    expect(neededCapabilities('Road traffic collision, car on fire', table)).toEqual([
      'fire suppression',
      'traffic control',
      'medical care',
    ]);
    expect(neededCapabilities('Mountain search and rescue', table)).toEqual(['technical rescue']);
  });

  it('matches whole words only, and needs nothing for a category no rule names', () => {
    expect(neededCapabilities('firearm', table)).toEqual([]);
    expect(neededCapabilities('rescue and search', table)).toEqual([]);
    expect(neededCapabilities('noise complaint', table)).toEqual([]);
  });
});

describe('rankAvailableUnits', () => {
  it('ranks by distance while the table is not read (no ETA), not by callsign', () => {
    const noTable = { unitKinds: [], categories: [] };
    const ranked = rankAvailableUnits(
      [unit('ALPHA', {}, 0.3), unit('BRAVO', {}, 0.1), unit('CHARLIE'), unit('DELTA', {}, 0.2)],
      { lat: 0, lon: 0 },
      'fire',
      noTable,
    );
    expect(ids(ranked)).toEqual(['BRAVO', 'DELTA', 'ALPHA', 'CHARLIE']);
    expect(ranked.every((entry) => entry.etaMinutes === null)).toBe(true);
  });

  it('puts the fire engine first for a vehicle fire even with a patrol car nearer', () => {
    const units = [unit('patrol-near', { kind: 'patrol' }, 0.003), unit('engine-far', { kind: 'fire' }, 0.03)];
    const ranked = rankAvailableUnits(units, { lat: 0, lon: 0 }, 'Vehicle fire', table);
    expect(ids(ranked)).toEqual(['engine-far', 'patrol-near']);
    expect(ranked[0]!.covers).toEqual(['fire suppression']);
    expect(ranked[1]!.covers).toEqual([]);
    // 3.34 km at a fire engine's 35 km/h is 5.7 minutes.
    expect(ranked[0]!.etaMinutes).toBe(6);
  });

  it('orders each group by ETA at its kind speed, not by distance, and leaves out busy or SOS units', () => {
    const units = [
      unit('engine', { kind: 'fire' }, 0.1),
      unit('patrol', { kind: 'patrol' }, 0.105),
      unit('busy', { kind: 'fire', status: 'en_route' }, 0.001),
      unit('sos', { kind: 'fire', emergency: { since: 1, raisedBy: 'u', location: null } }, 0.002),
    ];
    // Nothing is needed for a noise complaint: one group, and the faster patrol car arrives first though farther.
    expect(ids(rankAvailableUnits(units, { lat: 0, lon: 0 }, 'Noise complaint', table))).toEqual(['patrol', 'engine']);
  });

  it('puts units with no position last in their group, by callsign, and follows the table when it changes', () => {
    const units = [
      unit('p-b', { kind: 'patrol' }),
      unit('engine', { kind: 'fire' }, 0.5),
      unit('p-a', { kind: 'patrol' }),
      unit('p-c', {}, 0.2),
    ];
    const ranked = rankAvailableUnits(units, { lat: 0, lon: 0 }, 'fire', table);
    expect(ids(ranked)).toEqual(['engine', 'p-c', 'p-a', 'p-b']);
    expect(ranked[2]).toMatchObject({ distanceM: null, etaMinutes: null });

    const patrolsFightFires = {
      ...table,
      unitKinds: table.unitKinds.map((entry) => (entry.kind === 'patrol' ? { ...entry, capabilities: ['fire suppression'] } : entry)),
    };
    expect(ids(rankAvailableUnits(units, { lat: 0, lon: 0 }, 'fire', patrolsFightFires))).toEqual(['p-c', 'engine', 'p-a', 'p-b']);
  });

  it('gives no ETA to a kind the table does not list', () => {
    const [drone] = rankAvailableUnits([unit('d', { kind: 'drone' }, 0.01)], { lat: 0, lon: 0 }, 'fire', table);
    expect(drone).toMatchObject({ etaMinutes: null, covers: [] });
    expect(Math.round(drone!.distanceM!)).toBe(1112);
  });
});

describe('formatEta', () => {
  it('says the ETA is a straight-line estimate', () => {
    expect(formatEta(4)).toBe('≈ 4 min straight-line');
    expect(formatEta(130)).toBe('≈ 2 h 10 min straight-line');
    expect(formatEta(120)).toBe('≈ 2 h straight-line');
  });
});
