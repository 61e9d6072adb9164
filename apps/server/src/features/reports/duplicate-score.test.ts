import { describe, expect, it } from 'vitest';
import { DUPLICATE_THRESHOLD, scoreDuplicate } from './duplicate-score';

const fire = { description: 'Thick black smoke coming from the warehouse roof on Dock Street', category: 'fire' };

describe('duplicate suggestions', () => {
  it('suggests a near, recent report that says the same', () => {
    const result = scoreDuplicate(fire, {
      description: 'Warehouse on Dock Street is on fire, smoke everywhere',
      category: 'fire',
      distanceM: 40,
      minutesApart: 3,
    });
    expect(result.suggested).toBe(true);
    expect(result.sharedWords).toEqual(['dock', 'smoke', 'street', 'warehouse']);
    expect(result.sameCategory).toBe(true);
  });

  it('suggests a near, recent report of the same category even in other words', () => {
    const result = scoreDuplicate(fire, {
      description: 'Flames visible, people running',
      category: 'fire',
      distanceM: 60,
      minutesApart: 8,
    });
    expect(result.sharedWords).toEqual([]);
    expect(result.suggested).toBe(true);
  });

  it('does not suggest a neighbour that shares neither words nor category (place and time alone)', () => {
    const result = scoreDuplicate(fire, {
      description: 'Pothole opened in the cycle lane',
      category: 'infrastructure',
      distanceM: 20,
      minutesApart: 1,
    });
    expect(result.similarity).toBe(0);
    expect(result.suggested).toBe(false);
  });

  it('does not suggest a far or old report, however alike its words', () => {
    const same = { description: fire.description, category: 'fire' };
    expect(scoreDuplicate(fire, { ...same, distanceM: 1_800, minutesApart: 5 }).suggested).toBe(false);
    expect(scoreDuplicate(fire, { ...same, distanceM: 30, minutesApart: 6 * 60 }).suggested).toBe(false);
    expect(scoreDuplicate(fire, { ...same, distanceM: 30, minutesApart: 5 }).score).toBeGreaterThan(0.9);
  });

  it('orders by the evidence: closer, sooner and more alike scores higher', () => {
    const other = { description: 'Smoke from a warehouse', category: 'fire' };
    const near = scoreDuplicate(fire, { ...other, distanceM: 50, minutesApart: 5 }).score;
    const farther = scoreDuplicate(fire, { ...other, distanceM: 400, minutesApart: 5 }).score;
    const later = scoreDuplicate(fire, { ...other, distanceM: 50, minutesApart: 120 }).score;
    expect(near).toBeGreaterThan(farther);
    expect(near).toBeGreaterThan(later);
    expect(DUPLICATE_THRESHOLD).toBeGreaterThan(0);
  });

  it('needs more than one shared everyday word from another kind of report', () => {
    const result = scoreDuplicate(fire, {
      description: 'Car parked across the street entrance',
      category: 'traffic',
      distanceM: 50,
      minutesApart: 5,
    });
    expect(result.sharedWords).toEqual(['street']);
    expect(result.suggested).toBe(false);
  });

  it('ignores words that say nothing about the event', () => {
    const result = scoreDuplicate(
      { description: 'There was something here and they were there', category: 'other' },
      { description: 'They were here and there was nothing', category: 'noise', distanceM: 10, minutesApart: 1 },
    );
    expect(result.sharedWords).toEqual([]);
    expect(result.suggested).toBe(false);
  });
});
