import { DetectionBatchResponse, type DetectionBatchRequest } from '@argus/contracts/http/detections';
import type { DetectedObject } from '../../lib/detection/protocol';
import { api } from '../../lib/api';

/**
 * At most this many frames per second per camera go to the server: enough for the rules'
 * few frames of inertia, and a watched feed stays well inside the session's request budget.
 */
export const REPORTED_FRAMES_PER_SECOND = 2;

/** The objects worth reporting under a camera's detection settings, in the contract's shape. */
export function reportable(objects: readonly DetectedObject[], settings: { minScore: number; classes: readonly string[] }): DetectionBatchRequest['detections'] {
  return objects
    .filter((object) => object.score >= settings.minScore && settings.classes.includes(object.label))
    .slice(0, 100)
    .map((object) => ({ label: object.label, score: object.score, box: { x: object.box[0], y: object.box[1], w: object.box[2], h: object.box[3] } }));
}

/**
 * Sends analysed frames of one camera to POST /detections (where the rules engine sees them),
 * throttled, one request at a time; a frame that finds the previous one still in flight is dropped.
 */
export class DetectionReporter {
  private lastSentAt = -Infinity;
  private inFlight = false;

  constructor(
    private readonly cameraId: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  offer(frame: Omit<DetectionBatchRequest, 'cameraId'>): void {
    const now = performance.now();
    if (this.inFlight || now - this.lastSentAt < 1000 / REPORTED_FRAMES_PER_SECOND) return;
    this.lastSentAt = now;
    this.inFlight = true;
    api
      .post('/detections', { cameraId: this.cameraId, ...frame } satisfies DetectionBatchRequest, DetectionBatchResponse)
      .catch(this.onError)
      .finally(() => (this.inFlight = false));
  }
}
