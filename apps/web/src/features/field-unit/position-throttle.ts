import { distanceMetres } from '../../lib/geo/distance';

/**
 * How often a moving unit posts its position: when 10 s have passed or it has moved 25 m,
 * whichever comes first, but never more than once every 2 s (a car at speed would otherwise post
 * every fix the phone makes).
 */
export const POSITION_THROTTLE = { intervalMs: 10_000, distanceM: 25, minIntervalMs: 2_000 } as const;

export interface Fix {
  lat: number;
  lon: number;
  /** When the device took the fix (epoch ms). */
  at: number;
}

/** Whether a new fix is worth posting after the last one posted (null: nothing posted yet). */
export function shouldPostFix(last: Fix | null, next: Fix): boolean {
  if (!last) return true;
  const elapsed = next.at - last.at;
  if (elapsed < POSITION_THROTTLE.minIntervalMs) return false;
  if (elapsed >= POSITION_THROTTLE.intervalMs) return true;
  return distanceMetres(last, next) >= POSITION_THROTTLE.distanceM;
}
