import { describe, expect, it } from 'vitest';
import distance from '@turf/distance';
import bearing from '@turf/bearing';
import { coverageWedge, destination } from './coverage';

const camera = { id: 'c1', location: { lat: 51.5, lon: -0.12 }, heading: 90, fov: 60, rangeM: 200 };

describe('coverageWedge', () => {
  it('draws a closed wedge from the camera, fov wide and rangeM deep, centred on the heading', () => {
    const ring = coverageWedge(camera).geometry.coordinates[0]!;
    expect(ring[0]).toEqual([-0.12, 51.5]);
    expect(ring.at(-1)).toEqual(ring[0]);
    const arc = ring.slice(1, -1);
    for (const point of arc) expect(distance([-0.12, 51.5], point, { units: 'meters' })).toBeCloseTo(200, 0);
    expect(bearing([-0.12, 51.5], arc[0]!)).toBeCloseTo(60, 1);
    expect(bearing([-0.12, 51.5], arc.at(-1)!)).toBeCloseTo(120, 1);
  });

  it('draws a circle for a camera that sees all round or has no heading', () => {
    const ring = coverageWedge({ ...camera, heading: null }).geometry.coordinates[0]!;
    expect(ring.at(-1)).toEqual(ring[0]);
    for (const point of ring) expect(distance([-0.12, 51.5], point, { units: 'meters' })).toBeCloseTo(200, 0);
  });

  it('wraps longitudes across the antimeridian', () => {
    const [lon] = destination({ lat: 0, lon: 179.9999 }, 1000, 90);
    expect(lon).toBeLessThan(-179);
  });
});
