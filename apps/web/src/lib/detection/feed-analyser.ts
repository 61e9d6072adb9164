import type { DetectorClient } from './detector-client';
import { MOTION_HEIGHT, MOTION_WIDTH, MotionGate } from './motion-gate';
import type { DetectedObject } from './protocol';

/** Frames are downscaled to fit this before a worker sees them: the model works at 512×512 anyway. */
export const ANALYSIS_MAX_WIDTH = 768;
export const ANALYSIS_MAX_HEIGHT = 576;
/** The most frames per second one feed is looked at. */
export const MAX_ANALYSED_FPS = 10;

export interface AnalyserStats {
  /** Frames analysed per second over the last few seconds: the model ran, or nothing had moved since it last did. */
  analysedFps: number;
  /** Frames the model ran on per second. */
  inferredFps: number;
  /** Frames that moved but found every detector busy, per second. */
  droppedFps: number;
  /** Mean milliseconds the model took per inferred frame. */
  inferenceMs: number;
  /** Fraction of the picture that changed in the last frame. */
  motion: number;
}

export interface FrameResult {
  /** When the frame was taken (epoch ms). */
  at: number;
  objects: DetectedObject[];
  /** Whether the model ran on this frame (false: nothing moved, the last objects still stand). */
  inferred: boolean;
  /** The size the frame was analysed at. */
  size: { width: number; height: number };
}

/** Width and height that fit the analysis box, keeping the feed's aspect ratio. */
export function analysisSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, ANALYSIS_MAX_WIDTH / width, ANALYSIS_MAX_HEIGHT / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

type Outcome = 'inferred' | 'still' | 'dropped';

/** Rates over a sliding window of recent frames. */
export class RateWindow {
  private readonly entries: { at: number; outcome: Outcome; ms: number }[] = [];
  constructor(private readonly windowMs = 3000) {}

  add(at: number, outcome: Outcome, ms = 0) {
    this.entries.push({ at, outcome, ms });
    while (this.entries.length && this.entries[0]!.at < at - this.windowMs) this.entries.shift();
  }

  stats(motion: number): AnalyserStats {
    const span = this.windowMs / 1000;
    const count = (outcome: Outcome) => this.entries.filter((entry) => entry.outcome === outcome);
    const inferred = count('inferred');
    return {
      analysedFps: (inferred.length + count('still').length) / span,
      inferredFps: inferred.length / span,
      droppedFps: count('dropped').length / span,
      inferenceMs: inferred.length ? inferred.reduce((sum, entry) => sum + entry.ms, 0) / inferred.length : 0,
      motion,
    };
  }
}

/**
 * Looks at a playing <video> up to MAX_ANALYSED_FPS times a second. Each frame is first compared
 * with the previous one on a tiny grayscale copy (on this thread, in order); only frames that
 * moved go, downscaled, to a free detector worker. Results can come back out of order from two
 * workers; an older one never replaces a newer one.
 */
export class FeedAnalyser {
  private running = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly gate = new MotionGate();
  private readonly rates = new RateWindow();
  private readonly small: CanvasRenderingContext2D;
  private objects: DetectedObject[] = [];
  private newestAt = 0;
  private motion = 0;

  constructor(
    private readonly video: HTMLVideoElement,
    private readonly detector: DetectorClient,
    private readonly onResult: (result: FrameResult, stats: AnalyserStats) => void,
    private readonly onError: (error: Error) => void,
  ) {
    const canvas = document.createElement('canvas');
    canvas.width = MOTION_WIDTH;
    canvas.height = MOTION_HEIGHT;
    this.small = canvas.getContext('2d', { willReadFrequently: true })!;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.tick();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
  }

  private tick = (): void => {
    if (!this.running) return;
    const started = performance.now();
    if (this.video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && this.video.videoWidth > 0) this.look();
    this.timer = setTimeout(this.tick, Math.max(0, 1000 / MAX_ANALYSED_FPS - (performance.now() - started)));
  };

  private look(): void {
    const at = Date.now();
    const size = analysisSize(this.video.videoWidth, this.video.videoHeight);
    this.small.drawImage(this.video, 0, 0, MOTION_WIDTH, MOTION_HEIGHT);
    this.motion = this.gate.motion(this.small.getImageData(0, 0, MOTION_WIDTH, MOTION_HEIGHT).data);
    if (!this.gate.wantsInference(this.motion, at)) {
      this.rates.add(performance.now(), 'still');
      this.onResult({ at, objects: this.objects, inferred: false, size }, this.rates.stats(this.motion));
      return;
    }
    if (!this.detector.hasCapacity()) {
      this.rates.add(performance.now(), 'dropped');
      return;
    }
    this.gate.inferred(at);
    void createImageBitmap(this.video, { resizeWidth: size.width, resizeHeight: size.height, resizeQuality: 'low' })
      .then((bitmap) => this.detector.analyse(bitmap))
      .then(({ objects, ms }) => {
        if (!this.running) return;
        this.rates.add(performance.now(), 'inferred', ms);
        if (at < this.newestAt) return;
        this.newestAt = at;
        this.objects = objects;
        this.onResult({ at, objects, inferred: true, size }, this.rates.stats(this.motion));
      })
      .catch((error: unknown) => {
        if (!this.running) return;
        this.stop();
        this.onError(error instanceof Error ? error : new Error(String(error)));
      });
  }
}
