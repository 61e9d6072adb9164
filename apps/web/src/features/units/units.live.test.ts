import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Unit } from '@argus/contracts/http/units';
import { isNewerUnit, patchUnitList, upsertUnits } from './units.live';

const unit = (updatedAt: number, fixAt: number | null, lat = 0): Unit => ({
  id: 'u1',
  callsign: 'U-1',
  kind: 'patrol',
  status: 'available',
  members: [],
  position: fixAt === null ? null : { location: { lat, lon: 0 }, heading: null, speed: null, at: fixAt },
  emergency: null,
  updatedAt,
});

describe('isNewerUnit, the one rule for which copy of a unit wins', () => {
  it('takes the later update', () => {
    expect(isNewerUnit(unit(20, 5), unit(10, 9))).toBe(true);
    expect(isNewerUnit(unit(10, 9), unit(20, 5))).toBe(false);
  });

  it('on the same update time, never takes an older fix, so a position never moves backwards', () => {
    expect(isNewerUnit(unit(10, 6), unit(10, 5))).toBe(true);
    expect(isNewerUnit(unit(10, 4), unit(10, 5))).toBe(false);
    expect(isNewerUnit(unit(10, null), unit(10, 5))).toBe(false);
    expect(isNewerUnit(unit(10, 5), unit(10, null))).toBe(true);
  });

  it('takes the same copy again (a repeat changes nothing)', () => {
    expect(isNewerUnit(unit(10, 5), unit(10, 5))).toBe(true);
    expect(isNewerUnit(unit(10, null), unit(10, null))).toBe(true);
  });
});

describe('upsertUnits', () => {
  it('keeps the newest copy whichever order a batch and the list hold them in, and adds units not yet listed', () => {
    const other = { ...unit(1, null), id: 'u2' };
    const result = upsertUnits([unit(10, 5, 1)], [unit(12, 7, 3), unit(11, 6, 2), other]);
    expect(result.map((item) => [item.id, item.position?.location.lat ?? null])).toEqual([
      ['u1', 3],
      ['u2', null],
    ]);
    expect(upsertUnits(result, [unit(9, 9, 9)])[0]!.position?.location.lat).toBe(3);
  });

  it('returns the very same list when nothing changed', () => {
    const units = [unit(10, 5)];
    expect(upsertUnits(units, [])).toBe(units);
  });
});

describe('patchUnitList', () => {
  it('patches any cached unit list by the same rule', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['units'], { units: [unit(10, 5, 1)], nextCursor: null });
    patchUnitList(queryClient, ['units'], [unit(8, 9, 2)]);
    patchUnitList(queryClient, ['units'], [unit(11, 6, 3)]);
    expect(queryClient.getQueryData<{ units: Unit[]; nextCursor: null }>(['units'])).toEqual({ units: [unit(11, 6, 3)], nextCursor: null });
  });
});
