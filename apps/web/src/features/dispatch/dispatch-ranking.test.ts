import { describe, expect, it } from 'vitest';
import type { Unit } from '@argus/contracts/http/units';
import { formatEta, rankAvailableUnits } from './dispatch-ranking';

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

describe('rankAvailableUnits', () => {
  it('ranks available units nearest first, unknown positions last, and leaves out busy or SOS units', () => {
    const units = [
      unit('far', {}, 0.5),
      unit('none-b'),
      unit('near', {}, 0.01),
      unit('busy', { status: 'en_route' }, 0.001),
      unit('sos', { emergency: { since: 1, raisedBy: 'u', location: null } }, 0.002),
      unit('none-a'),
    ];
    const ranked = rankAvailableUnits(units, { lat: 0, lon: 0 });
    expect(ranked.map((entry) => entry.unit.id)).toEqual(['near', 'far', 'none-a', 'none-b']);
    expect(Math.round(ranked[0]!.distanceM!)).toBe(1112);
    // 55.6 km at a patrol's rough 45 km/h.
    expect(ranked[1]!.etaMinutes).toBe(74);
    expect(ranked[2]!.etaMinutes).toBeNull();
  });

  it('formats an ETA for reading', () => {
    expect(formatEta(7)).toBe('about 7 min');
    expect(formatEta(130)).toBe('about 2 h 10 min');
    expect(formatEta(120)).toBe('about 2 h');
  });
});
