/** Size of the grayscale copy frames are compared on; small enough to cost well under a millisecond. */
export const MOTION_WIDTH = 64;
export const MOTION_HEIGHT = 48;
/** A pixel counts as changed when its brightness moved by more than this (0 to 255): sensor noise stays below. */
const PIXEL_THRESHOLD = 24;
/** Below this fraction of changed pixels the scene is still. */
export const STILL_BELOW = 0.002;
/** Even a still scene is re-examined this often, so a person who stopped is still reported. */
export const RECHECK_STILL_MS = 2000;

/**
 * Frame differencing as NVRs do it: compare a tiny grayscale copy of each frame with the
 * previous one and run the detector only when enough of it changed.
 */
export class MotionGate {
  private previous: Uint8Array | null = null;
  private lastInferenceAt = -Infinity;

  /** The fraction of pixels that changed since the last frame (1 for the first frame). */
  motion(rgba: Uint8ClampedArray): number {
    const pixels = rgba.length / 4;
    const gray = new Uint8Array(pixels);
    for (let i = 0; i < pixels; i++) gray[i] = (rgba[i * 4]! * 77 + rgba[i * 4 + 1]! * 150 + rgba[i * 4 + 2]! * 29) >> 8;
    const previous = this.previous;
    this.previous = gray;
    if (!previous || previous.length !== gray.length) return 1;
    let changed = 0;
    for (let i = 0; i < pixels; i++) if (Math.abs(gray[i]! - previous[i]!) > PIXEL_THRESHOLD) changed++;
    return changed / pixels;
  }

  /** Whether a frame with this much motion at this time needs the model. */
  wantsInference(motion: number, now: number): boolean {
    return motion >= STILL_BELOW || now - this.lastInferenceAt >= RECHECK_STILL_MS;
  }

  /** The model was given the frame taken at `now`. */
  inferred(now: number): void {
    this.lastInferenceAt = now;
  }
}
