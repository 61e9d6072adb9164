import { describe, expect, it } from 'vitest';
import type { CallerLink } from '@argus/contracts/http/caller-links';
import { accuracyCircle, callersOverlay } from './callers';

const link = (overrides: Partial<CallerLink>): CallerLink => ({
  id: 'l1',
  incidentId: 'i1',
  state: 'shared',
  createdAt: 0,
  createdBy: null,
  expiresAt: 60_000,
  revokedAt: null,
  liveUntil: null,
  position: { lat: 51.5, lon: -0.14, accuracy: 25.4, at: 1_000 },
  ...overrides,
});

describe('the callers overlay', () => {
  it('draws the accuracy circle at its radius in metres, whatever the latitude', () => {
    const ring = accuracyCircle(60, 10, 100).coordinates[0]!;
    expect(ring[0]).toEqual(ring.at(-1));
    const north = ring.reduce((max, [, lat]) => Math.max(max, lat!), -90);
    expect((north - 60) * 111_320).toBeCloseTo(100, 0);
    const east = ring.reduce((max, [lon]) => Math.max(max, lon!), -180);
    expect((east - 10) * 111_320 * Math.cos((60 * Math.PI) / 180)).toBeCloseTo(100, 0);
  });

  it('labels each position "Caller" with its accuracy, and skips links with none', () => {
    const overlay = callersOverlay([link({}), link({ id: 'l2', position: null }), link({ id: 'l3', state: 'revoked' })]);
    const points = overlay.data.features.filter((feature) => feature.geometry.type === 'Point');
    expect(points.map((point) => point.properties)).toMatchObject([
      { id: 'l1', label: 'Caller ±25 m', active: true },
      { id: 'l3', active: false },
    ]);
    expect(overlay.data.features.filter((feature) => feature.geometry.type === 'Polygon')).toHaveLength(2);
  });
});
