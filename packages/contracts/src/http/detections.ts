import { z } from 'zod';
import { Location } from './incidents';
import { Timestamp } from './common';
import { singleLineText } from './text';

/** A share of the frame, 0 at the left/top edge, 1 at the right/bottom. */
const Fraction = (what: string) =>
  z
    .number({ error: `${what} must be a number.` })
    .min(0, `${what} is between 0 and 1.`)
    .max(1, `${what} is between 0 and 1.`);

export const DetectionBox = z.object({ x: Fraction('box.x'), y: Fraction('box.y'), w: Fraction('box.w'), h: Fraction('box.h') });

export const DetectedObject = z.object({
  label: singleLineText().toLowerCase().min(1, 'Each detection needs a label.').max(40, 'A label is at most 40 characters.'),
  score: Fraction('score'),
  box: DetectionBox,
});

/** How far a detection's time may be ahead of the server's clock before it is refused. */
export const DETECTION_MAX_FUTURE_MS = 60_000;

/**
 * One analysed frame of a camera feed, sent by the browser watching it (docs/decisions/0013-threat-rules-engine.md). An
 * empty list is sent too: a frame without the object breaks its run of consecutive frames.
 */
export const DetectionBatchRequest = z.object({
  cameraId: singleLineText().min(1, 'Say which camera the frame is from.').max(100),
  at: Timestamp,
  detections: z.array(DetectedObject).max(100, 'At most 100 detections per frame.'),
  frame: z.object({ width: z.number().int().min(1).max(16_384), height: z.number().int().min(1).max(16_384) }),
});
export type DetectionBatchRequest = z.infer<typeof DetectionBatchRequest>;

export const Detection = z.object({
  id: z.string(),
  cameraId: z.string(),
  at: Timestamp,
  label: z.string(),
  score: z.number(),
  box: DetectionBox,
  frame: z.object({ width: z.number(), height: z.number() }),
  /**
   * Where the object stands on the ground: its box's bottom-centre projected from the camera's
   * registered position, heading, field of view and range; the camera's position when it has
   * no heading, field of view or range (docs/detection.md).
   */
  location: Location.nullable(),
  receivedAt: Timestamp,
});
export type Detection = z.infer<typeof Detection>;

export const DetectionBatchResponse = z.object({ detections: z.array(Detection) });

export const DetectionListQuery = z.object({
  cameraId: singleLineText().min(1).max(100).optional(),
  label: singleLineText().toLowerCase().min(1).max(40).optional(),
  limit: z.coerce.number().int().min(1).max(500, 'At most 500 detections per page.').default(100),
});
export const DetectionListResponse = z.object({ detections: z.array(Detection) });

/** data of the detection.created event: one analysed frame of a camera and what it showed. */
export const DetectionFrameEvent = z.object({
  cameraId: z.string(),
  cameraName: z.string(),
  at: Timestamp,
  receivedAt: Timestamp,
  location: Location.nullable(),
  detections: z.array(Detection),
});
export type DetectionFrameEvent = z.infer<typeof DetectionFrameEvent>;
