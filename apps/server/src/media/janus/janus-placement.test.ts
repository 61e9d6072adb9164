import { describe, expect, it } from 'vitest';
import { placeRoom } from './janus-placement';

const INSTANCES = ['ws://janus-a:8188', 'ws://janus-b:8188', 'ws://janus-c:8188'];
const ROOMS = Array.from({ length: 300 }, (_, i) => `room-${i}`);

describe('placing rooms on Janus instances', () => {
  it('places a room on the same instance whatever the order of the list', () => {
    for (const room of ROOMS) expect(placeRoom(room, [...INSTANCES].reverse())).toBe(placeRoom(room, INSTANCES));
  });

  it('spreads rooms over every instance', () => {
    const counts = new Map<string, number>();
    for (const room of ROOMS) counts.set(placeRoom(room, INSTANCES), (counts.get(placeRoom(room, INSTANCES)) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([...INSTANCES].sort());
    for (const count of counts.values()) expect(count).toBeGreaterThan(50);
  });

  it('moves only the rooms of an instance that is removed', () => {
    const fewer = INSTANCES.slice(0, 2);
    for (const room of ROOMS) {
      const before = placeRoom(room, INSTANCES);
      if (before !== INSTANCES[2]) expect(placeRoom(room, fewer)).toBe(before);
    }
  });

  it('refuses an empty list', () => {
    expect(() => placeRoom('room', [])).toThrow(/No Janus instance/);
  });
});
