import { describe, expect, it } from 'vitest';
import type { Zone } from '@argus/contracts/http/zones';
import { upsertZone } from './zone-cache';

const zone = (id: string, name: string, overrides: Partial<Zone> = {}): Zone => ({
  id,
  name,
  kind: 'patrol',
  riskLevel: 'low',
  geometry: { type: 'Polygon', coordinates: [] },
  bbox: [0, 0, 1, 1],
  notes: '',
  active: true,
  importId: null,
  createdBy: 'u',
  createdAt: 1,
  updatedAt: 1,
  ...overrides,
});

describe('upsertZone', () => {
  it('adds new zones in name order and replaces older copies', () => {
    const list = { zones: [zone('b', 'Bravo')] };
    expect(upsertZone(list, zone('a', 'Alpha'), { activeOnly: false }).zones.map((z) => z.id)).toEqual(['a', 'b']);
    expect(upsertZone(list, zone('b', 'Bravo', { riskLevel: 'high', updatedAt: 2 }), { activeOnly: false }).zones[0]!.riskLevel).toBe(
      'high',
    );
  });

  it('ignores a stale frame and drops a deactivated zone from an active-only list', () => {
    const list = { zones: [zone('b', 'Bravo', { updatedAt: 5 })] };
    expect(upsertZone(list, zone('b', 'Bravo', { updatedAt: 4, riskLevel: 'critical' }), { activeOnly: false })).toBe(list);
    expect(upsertZone(list, zone('b', 'Bravo', { updatedAt: 6, active: false }), { activeOnly: true }).zones).toEqual([]);
    expect(upsertZone(list, zone('b', 'Bravo', { updatedAt: 6, active: false }), { activeOnly: false }).zones[0]!.active).toBe(false);
  });
});
