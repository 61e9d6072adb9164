/**
 * Where on the ground a camera's detection stands: the bottom-centre of its box (a person's
 * feet, a car's wheels) projected from the camera's registered position, heading, field of view
 * and range. The model, kept simple on purpose (no camera height or tilt is registered):
 * - across the image: the bearing moves evenly with the horizontal position, so the left and
 *   right edges look along heading ∓ fov/2;
 * - down the image: the top edge sees the ground at the camera's range (the far limit) and the
 *   bottom edge at NEAR_SHARE of it, and in between the inverse of the distance moves evenly with
 *   the vertical position, as it does for a flat ground seen through a level pinhole camera.
 * A camera without heading, field of view or range places everything at its own position.
 */
export const NEAR_SHARE = 0.1;

const EARTH_RADIUS_M = 6_371_008.8;
const RADIANS = Math.PI / 180;

export interface CameraView {
  lat: number;
  lon: number;
  heading: number | null;
  fov: number | null;
  rangeM: number | null;
}

/** x, y, width, height as fractions of the frame (0 at the left/top edge). */
export interface FrameBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** The point `metres` away along `bearing` (degrees from north) on a sphere: the formula Turf's destination uses. */
export function destination(from: { lat: number; lon: number }, bearing: number, metres: number): { lat: number; lon: number } {
  const lat1 = from.lat * RADIANS;
  const lon1 = from.lon * RADIANS;
  const angle = metres / EARTH_RADIUS_M;
  const theta = bearing * RADIANS;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(theta));
  const lon2 = lon1 + Math.atan2(Math.sin(theta) * Math.sin(angle) * Math.cos(lat1), Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: lat2 / RADIANS, lon: ((((lon2 / RADIANS + 540) % 360) + 360) % 360) - 180 };
}

/** Compass bearing from the camera to what sits at horizontal position `x` (0 left edge, 1 right edge). */
export function bearingAcross(heading: number, fov: number, x: number): number {
  return (((heading + (clamp01(x) - 0.5) * fov) % 360) + 360) % 360;
}

/** Ground distance to what touches the ground at vertical position `y` (0 top edge: the range; 1 bottom edge: the near limit). */
export function distanceDown(rangeM: number, y: number): number {
  const far = 1 / rangeM;
  const near = 1 / (rangeM * NEAR_SHARE);
  return 1 / (far + clamp01(y) * (near - far));
}

export function projectBox(camera: CameraView, box: FrameBox): { lat: number; lon: number } {
  const { heading, fov, rangeM } = camera;
  if (heading === null || fov === null || rangeM === null) return { lat: camera.lat, lon: camera.lon };
  return destination(camera, bearingAcross(heading, fov, box.x + box.w / 2), distanceDown(rangeM, box.y + box.h));
}
