import { describe, expect, it } from 'vitest';
import { reportable } from './detection-reporter';

describe('reportable', () => {
  it('keeps the camera’s classes at or above its minimum score, in the contract’s box shape', () => {
    const objects = [
      { label: 'person', score: 0.6, box: [0.1, 0.2, 0.3, 0.4] as [number, number, number, number] },
      { label: 'person', score: 0.2, box: [0, 0, 1, 1] as [number, number, number, number] },
      { label: 'chair', score: 0.9, box: [0, 0, 1, 1] as [number, number, number, number] },
      { label: 'car', score: 0.35, box: [0.5, 0.5, 0.1, 0.1] as [number, number, number, number] },
    ];
    expect(reportable(objects, { minScore: 0.35, classes: ['person', 'car'] })).toEqual([
      { label: 'person', score: 0.6, box: { x: 0.1, y: 0.2, w: 0.3, h: 0.4 } },
      { label: 'car', score: 0.35, box: { x: 0.5, y: 0.5, w: 0.1, h: 0.1 } },
    ]);
  });
});
