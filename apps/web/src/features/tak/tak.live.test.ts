import { describe, expect, it } from 'vitest';
import type { TakContact } from '@argus/contracts/http/tak';
import { upsertTakContacts } from './tak.live';

const contact = (uid: string, lat: number): TakContact => ({
  uid,
  callsign: uid,
  cotType: 'a-f-G-U-C',
  location: { lat, lon: 0 },
  battery: null,
  lastSeen: 0,
  unit: null,
});

describe('TAK contacts kept live', () => {
  it('replaces a listed contact in place with its latest copy and adds new ones at the end', () => {
    const listed = [contact('a', 1), contact('b', 1)];
    const next = upsertTakContacts(listed, [contact('b', 2), contact('c', 1), contact('b', 3)]);
    expect(next.map((item) => [item.uid, item.location.lat])).toEqual([
      ['a', 1],
      ['b', 3],
      ['c', 1],
    ]);
    expect(next[0]).toBe(listed[0]);
  });

  it('keeps the same list when nothing changed', () => {
    const listed = [contact('a', 1)];
    expect(upsertTakContacts(listed, [])).toBe(listed);
  });
});
