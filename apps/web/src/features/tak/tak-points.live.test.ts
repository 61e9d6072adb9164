import { describe, expect, it } from 'vitest';
import type { TakPoint } from '@argus/contracts/http/tak-points';
import { applyTakPointChange } from './tak-points.live';

const point = (uid: string, lat: number): TakPoint => ({
  uid,
  cotType: 'b-m-p-s-m',
  what: 'Spot map',
  callsign: uid,
  remarks: '',
  location: { lat, lon: 0 },
  colour: null,
  iconsetPath: null,
  placedBy: { uid: 'ANDROID-1', callsign: null, unit: null, user: null },
  placedAt: 0,
  updatedAt: 0,
  staleAt: 1,
});

describe('applyTakPointChange', () => {
  it('replaces a moved point in place, adds a new one at the end and drops a deleted one', () => {
    const list = [point('a', 1), point('b', 1)];
    expect(applyTakPointChange(list, { updated: point('a', 2) })).toEqual([point('a', 2), point('b', 1)]);
    expect(applyTakPointChange(list, { updated: point('c', 1) })).toEqual([...list, point('c', 1)]);
    expect(applyTakPointChange(list, { removed: 'a' })).toEqual([point('b', 1)]);
  });
});
