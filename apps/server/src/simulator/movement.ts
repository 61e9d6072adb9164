import type { Street } from './city';

export interface Point {
  lat: number;
  lon: number;
}

const METRES_PER_DEGREE = 111_320;

/** Flat-earth metres between two nearby points: plenty for a few kilometres of city. */
export function metresBetween(a: Point, b: Point): number {
  const dy = (b.lat - a.lat) * METRES_PER_DEGREE;
  const dx = (b.lon - a.lon) * METRES_PER_DEGREE * Math.cos((a.lat * Math.PI) / 180);
  return Math.hypot(dx, dy);
}

/** Compass heading from a to b, 0–360°. */
export function headingBetween(a: Point, b: Point): number {
  const dy = b.lat - a.lat;
  const dx = (b.lon - a.lon) * Math.cos((a.lat * Math.PI) / 180);
  return ((Math.atan2(dx, dy) * 180) / Math.PI + 360) % 360;
}

/** The point `metres` along the way from a towards b (b itself when closer than that). */
export function stepTowards(a: Point, b: Point, metres: number): Point {
  const distance = metresBetween(a, b);
  if (distance <= metres || distance === 0) return { ...b };
  const share = metres / distance;
  return { lat: a.lat + (b.lat - a.lat) * share, lon: a.lon + (b.lon - a.lon) * share };
}

/** A walker along a street's polyline, back and forth, at a given speed. */
export class Patrol {
  private index = 0;
  private direction = 1;
  position: Point;

  constructor(
    private readonly street: Street,
    start = 0,
  ) {
    this.index = Math.min(start, street.points.length - 1);
    const [lat, lon] = street.points[this.index]!;
    this.position = { lat, lon };
  }

  /** Moves `metres` along the street; answers the heading it moved on. */
  advance(metres: number): number {
    let left = metres;
    let heading = 0;
    while (left > 0) {
      const nextIndex = this.index + this.direction;
      if (nextIndex < 0 || nextIndex >= this.street.points.length) {
        this.direction = -this.direction;
        continue;
      }
      const [lat, lon] = this.street.points[nextIndex]!;
      const target = { lat, lon };
      heading = headingBetween(this.position, target);
      const distance = metresBetween(this.position, target);
      if (distance > left) {
        this.position = stepTowards(this.position, target, left);
        left = 0;
      } else {
        this.position = target;
        this.index = nextIndex;
        left -= distance;
      }
    }
    return heading;
  }
}
