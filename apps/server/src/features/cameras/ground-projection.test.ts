import turfBearing from '@turf/bearing';
import turfDistance from '@turf/distance';
import { point } from '@turf/helpers';
import { describe, expect, it } from 'vitest';
import { bearingAcross, destination, distanceDown, NEAR_SHARE, projectBox } from './ground-projection';

const camera = { lat: 48.8566, lon: 2.3522, heading: 45, fov: 70, rangeM: 80 };
const metresTo = (to: { lat: number; lon: number }) =>
  turfDistance(point([camera.lon, camera.lat]), point([to.lon, to.lat]), { units: 'meters' });
const bearingTo = (to: { lat: number; lon: number }) => (turfBearing(point([camera.lon, camera.lat]), point([to.lon, to.lat])) + 360) % 360;
/** A person-sized box whose bottom-centre is at (x, y). */
const boxAt = (x: number, y: number) => ({ x: x - 0.05, y: y - 0.3, w: 0.1, h: 0.3 });

describe('projecting a detection box onto the ground', () => {
  it('looks along the heading at the centre, and heading ∓ half the field of view at the left and right edges', () => {
    expect(bearingAcross(45, 70, 0.5)).toBe(45);
    expect(bearingAcross(45, 70, 0)).toBe(10);
    expect(bearingAcross(45, 70, 1)).toBe(80);
    // Across north: 350° ± 30° wraps.
    expect(bearingAcross(350, 60, 1)).toBe(20);
    expect(bearingAcross(10, 60, 0)).toBe(340);
    expect(bearingTo(projectBox(camera, { x: 0, y: 0.7, w: 0, h: 0.3 }))).toBeCloseTo(10, 3);
    expect(bearingTo(projectBox(camera, { x: 1, y: 0.7, w: 0, h: 0.3 }))).toBeCloseTo(80, 3);
    expect(bearingTo(projectBox(camera, boxAt(0.5, 0.8)))).toBeCloseTo(45, 3);
  });

  it('puts the bottom of the frame near the camera and the top (the horizon of its range) far', () => {
    expect(distanceDown(80, 1)).toBeCloseTo(80 * NEAR_SHARE, 9);
    expect(distanceDown(80, 0)).toBeCloseTo(80, 9);
    const near = metresTo(projectBox(camera, boxAt(0.5, 1)));
    const middle = metresTo(projectBox(camera, boxAt(0.5, 0.5)));
    const far = metresTo(projectBox(camera, { x: 0.45, y: 0, w: 0.1, h: 0 }));
    expect(near).toBeCloseTo(8, 1);
    expect(far).toBeCloseTo(80, 1);
    // Perspective: half way down the frame is much nearer than half the range.
    expect(middle).toBeGreaterThan(near);
    expect(middle).toBeLessThan(far / 4);
    for (let y = 0; y < 1; y += 0.1) expect(distanceDown(80, y)).toBeGreaterThan(distanceDown(80, y + 0.1));
  });

  it('matches Turf on the ground distance and bearing of the point it reaches', () => {
    const reached = destination(camera, 123, 1500);
    expect(metresTo(reached)).toBeCloseTo(1500, 3);
    expect(bearingTo(reached)).toBeCloseTo(123, 3);
  });

  it('places the detection at the camera when the camera has no heading, field of view or range', () => {
    expect(projectBox({ ...camera, heading: null }, boxAt(0.9, 0.9))).toEqual({ lat: camera.lat, lon: camera.lon });
    expect(projectBox({ ...camera, fov: null }, boxAt(0.9, 0.9))).toEqual({ lat: camera.lat, lon: camera.lon });
    expect(projectBox({ ...camera, rangeM: null }, boxAt(0.9, 0.9))).toEqual({ lat: camera.lat, lon: camera.lon });
  });
});
