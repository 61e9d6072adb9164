import { describe, expect, it } from 'vitest';
import type { Incident } from '@argus/contracts/http/incidents';
import { ALL_INCIDENTS, filterQueue, queueCategories, queueKeyTarget, sortQueue } from './incident-queue';

function incident(overrides: Partial<Incident>): Incident {
  return {
    id: 'i1',
    reference: 'INC-2026-000001',
    title: 'Warehouse fire',
    category: 'fire',
    severity: 'medium',
    status: 'new',
    location: { lat: 51.5, lon: -0.12 },
    description: '',
    source: null,
    threatLevel: null,
    createdAt: 1000,
    updatedAt: 1000,
    createdBy: null,
    ...overrides,
  };
}

describe('the incident queue', () => {
  it('puts the worst call first, then the one waiting longest', () => {
    // The order a dispatcher saw before: Medium, Medium, High, High, Critical.
    const queue = sortQueue([
      incident({ id: 'medium-new', severity: 'medium', createdAt: 5000 }),
      incident({ id: 'medium-old', severity: 'medium', createdAt: 1000 }),
      incident({ id: 'high-new', severity: 'high', createdAt: 4000 }),
      incident({ id: 'high-old', severity: 'high', createdAt: 2000 }),
      incident({ id: 'low', severity: 'low', createdAt: 0 }),
      incident({ id: 'critical', severity: 'critical', createdAt: 9000 }),
    ]);
    expect(queue.map((item) => item.id)).toEqual(['critical', 'high-old', 'high-new', 'medium-old', 'medium-new', 'low']);
  });

  it('filters by status and by category, ignoring the case categories were typed in', () => {
    const incidents = [
      incident({ id: 'a', status: 'new', category: 'Fire' }),
      incident({ id: 'b', status: 'dispatched', category: 'fire' }),
      incident({ id: 'c', status: 'dispatched', category: 'medical' }),
    ];
    expect(filterQueue(incidents, ALL_INCIDENTS).map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(filterQueue(incidents, { status: 'dispatched', category: 'all' }).map((item) => item.id)).toEqual(['b', 'c']);
    expect(filterQueue(incidents, { status: 'all', category: 'fire' }).map((item) => item.id)).toEqual(['a', 'b']);
    expect(filterQueue(incidents, { status: 'dispatched', category: 'FIRE' }).map((item) => item.id)).toEqual(['b']);
    expect(filterQueue(incidents, { status: 'on_scene', category: 'all' })).toEqual([]);
  });

  it('offers the categories there are, once each, and keeps a chosen one that has emptied', () => {
    const incidents = [incident({ category: 'medical' }), incident({ category: 'Fire' }), incident({ category: 'fire' })];
    expect(queueCategories(incidents, 'all')).toEqual(['Fire', 'medical']);
    expect(queueCategories(incidents, 'flood')).toEqual(['Fire', 'flood', 'medical']);
    expect(queueCategories([], 'all')).toEqual([]);
  });

  it('moves with the arrow keys, Home and End, and stops at the ends', () => {
    expect(queueKeyTarget('ArrowDown', 0, 3)).toBe(1);
    expect(queueKeyTarget('ArrowDown', 2, 3)).toBe(2);
    expect(queueKeyTarget('ArrowUp', 0, 3)).toBe(0);
    expect(queueKeyTarget('ArrowUp', 2, 3)).toBe(1);
    expect(queueKeyTarget('Home', 2, 3)).toBe(0);
    expect(queueKeyTarget('End', 0, 3)).toBe(2);
    expect(queueKeyTarget('Enter', 0, 3)).toBeNull();
    expect(queueKeyTarget('ArrowDown', 0, 0)).toBeNull();
  });
});
