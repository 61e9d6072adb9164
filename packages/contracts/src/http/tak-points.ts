import { z } from 'zod';
import { Timestamp } from './common';
import { Location } from './incidents';

/**
 * A point a TAK device put on the common map (`b-m-p-*`: a spot map, a waypoint, a checkpoint, any
 * other point marker), kept by Argus while it is not stale
 * (docs/decisions/0072-tak-map-points.md). Who sees it is who sees TAK contacts (policies/tak.ts).
 */
export const TakPoint = z.object({
  uid: z.string(),
  /** The marker's CoT type, e.g. b-m-p-s-m (spot map) or b-m-p-w (waypoint). */
  cotType: z.string(),
  /** What the marker is, in a word: "Spot map", "Waypoint", "Checkpoint" or "Point". */
  what: z.string(),
  callsign: z.string(),
  remarks: z.string(),
  location: Location,
  /** The marker's colour as `#rrggbb`, from ATAK's signed ARGB; null when the marker has none. */
  colour: z.string().nullable(),
  /** ATAK's icon set path (`<usericon iconsetpath>`), as the device sent it. */
  iconsetPath: z.string().nullable(),
  /** The device that placed it, its unit and the Argus user it speaks for, when known. */
  placedBy: z.object({
    uid: z.string(),
    callsign: z.string().nullable(),
    unit: z.object({ id: z.string(), callsign: z.string() }).nullable(),
    user: z.object({ id: z.string(), name: z.string() }).nullable(),
  }),
  placedAt: Timestamp,
  updatedAt: Timestamp,
  /** When the device said the marker goes stale: it leaves the map then. */
  staleAt: Timestamp,
});
export type TakPoint = z.infer<typeof TakPoint>;

export const TakPointListResponse = z.object({ points: z.array(TakPoint) });

/** data of tak-point.removed: the point's device deleted it (or Argus stopped keeping it). */
export const TakPointRemoved = z.object({ uid: z.string() });
export type TakPointRemoved = z.infer<typeof TakPointRemoved>;
