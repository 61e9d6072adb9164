import { DetectionBatchResponse, type DetectionBatchRequest } from '@argus/contracts/http/detections';
import type { DetectedObject } from '../../lib/detection/protocol';
import { api } from '../../lib/api';

/**
 * At most this many frames per second go to the server from this page, shared by every watched
 * feed: enough for the rules' few frames of inertia with one feed, and the page (with its
 * heartbeats and refreshes) stays inside the session's budget of 3,000 requests per 15 minutes.
 */
export const REPORTED_FRAMES_PER_SECOND = 2;

/** When this page last sent a frame, whichever feed it came from. */
let lastSentAt = -Infinity;

/** The objects worth reporting under a camera's detection settings, in the contract's shape. */
export function reportable(
  objects: readonly DetectedObject[],
  settings: { minScore: number; classes: readonly string[] },
): DetectionBatchRequest['detections'] {
  return objects
    .filter((object) => object.score >= settings.minScore && settings.classes.includes(object.label))
    .slice(0, 100)
    .map((object) => ({
      label: object.label,
      score: object.score,
      box: { x: object.box[0], y: object.box[1], w: object.box[2], h: object.box[3] },
    }));
}

/**
 * Sends analysed frames of one camera to POST /detections (where the rules engine sees them),
 * throttled page-wide, one request per camera at a time; a frame that finds the page's budget
 * spent or its camera's previous frame still in flight is not sent.
 */
export class DetectionReporter {
  private inFlight = false;

  constructor(
    private readonly cameraId: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  offer(frame: Omit<DetectionBatchRequest, 'cameraId'>): void {
    const now = performance.now();
    if (this.inFlight || now - lastSentAt < 1000 / REPORTED_FRAMES_PER_SECOND) return;
    lastSentAt = now;
    this.inFlight = true;
    api
      .post('/detections', { cameraId: this.cameraId, ...frame } satisfies DetectionBatchRequest, DetectionBatchResponse)
      .catch(this.onError)
      .finally(() => (this.inFlight = false));
  }
}
