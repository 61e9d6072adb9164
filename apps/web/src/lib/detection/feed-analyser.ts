import type { DetectorClient, FrameResult } from './detector-client';

/** Frames are downscaled to fit this before the worker sees them: the model works at 512×512 anyway. */
export const ANALYSIS_MAX_WIDTH = 768;
export const ANALYSIS_MAX_HEIGHT = 576;
/** The most frames per second one feed offers the detector. */
export const MAX_ANALYSED_FPS = 10;

export interface AnalyserStats {
  /** Frames analysed per second over the last few seconds (motion test, and the model when something moved). */
  analysedFps: number;
  /** Frames the model ran on per second. */
  inferredFps: number;
  /** Mean milliseconds the model took per inferred frame. */
  inferenceMs: number;
  /** Fraction of the picture that changed in the last frame. */
  motion: number;
}

/** Width and height that fit the analysis box, keeping the feed's aspect ratio. */
export function analysisSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, ANALYSIS_MAX_WIDTH / width, ANALYSIS_MAX_HEIGHT / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Rates over a sliding window of recent results. */
class RateWindow {
  private readonly entries: { at: number; inferred: boolean; ms: number }[] = [];
  constructor(private readonly windowMs = 3000) {}

  add(at: number, inferred: boolean, ms: number) {
    this.entries.push({ at, inferred, ms });
    while (this.entries.length && this.entries[0]!.at < at - this.windowMs) this.entries.shift();
  }

  stats(motion: number): AnalyserStats {
    const span = this.windowMs / 1000;
    const inferred = this.entries.filter((entry) => entry.inferred);
    return {
      analysedFps: this.entries.length / span,
      inferredFps: inferred.length / span,
      inferenceMs: inferred.length ? inferred.reduce((sum, entry) => sum + entry.ms, 0) / inferred.length : 0,
      motion,
    };
  }
}

/**
 * Pulls frames from a playing <video> a few times a second, downscaled, into the shared detector,
 * never more than one frame of this feed in flight: when the detector is slower than the feed,
 * frames are skipped, never queued.
 */
export class FeedAnalyser {
  private running = false;
  private readonly rates = new RateWindow();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly video: HTMLVideoElement,
    private readonly detector: DetectorClient,
    private readonly onResult: (result: FrameResult, size: { width: number; height: number }, stats: AnalyserStats) => void,
    private readonly onError: (error: Error) => void,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.loop();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
  }

  private async loop(): Promise<void> {
    while (this.running) {
      const started = performance.now();
      if (this.video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && this.video.videoWidth > 0) {
        try {
          const size = analysisSize(this.video.videoWidth, this.video.videoHeight);
          const bitmap = await createImageBitmap(this.video, { resizeWidth: size.width, resizeHeight: size.height, resizeQuality: 'low' });
          const result = await this.detector.analyse(bitmap, Date.now());
          this.rates.add(performance.now(), result.inferred, result.ms);
          if (this.running) this.onResult(result, size, this.rates.stats(result.motion));
        } catch (error) {
          this.running = false;
          this.onError(error instanceof Error ? error : new Error(String(error)));
          return;
        }
      }
      const wait = Math.max(0, 1000 / MAX_ANALYSED_FPS - (performance.now() - started));
      await new Promise<void>((resolve) => (this.timer = setTimeout(resolve, wait)));
    }
  }
}
