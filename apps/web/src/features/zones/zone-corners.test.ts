import { describe, expect, it } from 'vitest';
import { addCorner, checkOutline, cornersOf, moveCorner, polygonOf, removeCorner, replaceCorner, sameCorners } from './zone-corners';

const square = [
  { lat: 0, lon: 0 },
  { lat: 0, lon: 1 },
  { lat: 1, lon: 1 },
  { lat: 1, lon: 0 },
];

describe('zone corners', () => {
  it('reads a polygon ring as corners without the closing repeat, and closes it again', () => {
    const polygon = polygonOf(square);
    expect(polygon?.coordinates[0]).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ]);
    expect(cornersOf(polygon!)).toEqual(square);
  });

  it('makes no polygon from fewer than three corners', () => {
    expect(polygonOf(square.slice(0, 2))).toBeNull();
  });

  it('adds, replaces, removes and moves corners without touching the list it was given', () => {
    const added = addCorner(square, { lat: 2, lon: 2 });
    expect(added).toHaveLength(5);
    expect(square).toHaveLength(4);
    expect(replaceCorner(square, 1, { lat: 5, lon: 5 })[1]).toEqual({ lat: 5, lon: 5 });
    expect(removeCorner(square, 0)[0]).toEqual({ lat: 0, lon: 1 });
    expect(moveCorner(square, 1, 1).slice(1, 3)).toEqual([square[2], square[1]]);
    expect(moveCorner(square, 0, -1)).toEqual(square);
    expect(moveCorner(square, 3, 1)).toEqual(square);
    expect(sameCorners(square, [...square])).toBe(true);
    expect(sameCorners(square, moveCorner(square, 0, 1))).toBe(false);
  });
});

describe('checkOutline', () => {
  it('accepts a simple polygon', () => {
    const check = checkOutline(square);
    expect(check.ok).toBe(true);
  });

  it('refuses fewer than three corners, saying how many there are', () => {
    expect(checkOutline([])).toEqual({ ok: false, problem: 'A zone needs at least 3 corners; it has none yet.' });
    expect(checkOutline(square.slice(0, 2))).toEqual({ ok: false, problem: 'A zone needs at least 3 corners; it has only 2.' });
  });

  it('refuses a figure of eight, naming the sides that cross', () => {
    const bowTie = moveCorner(square, 1, 1);
    const check = checkOutline(bowTie);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.problem).toMatch(/crosses itself \(the side from corner 1 crosses the side from corner 3\)/);
  });

  it('refuses two corners in a row at the same place', () => {
    const check = checkOutline(addCorner(square, { lat: 1, lon: 0 }));
    expect(check).toEqual({ ok: false, problem: 'Corners 4 and 5 are at the same place; remove one of them.' });
  });
});
