/**
 * A clock drawn into video frames so the receiving side can read when a frame was drawn: the
 * glass-to-glass delay. The low 24 bits of the wall-clock millisecond are painted as a row of black
 * and white squares (big enough to survive compression), between two white guard squares that tell
 * a coded frame from a plain one. 2^24 ms is about 4.6 hours, far beyond any delay, so the
 * difference is taken modulo that.
 */

export const TIME_CODE_BITS = 24;
const MODULUS = 2 ** TIME_CODE_BITS;
/** Side of one square in pixels. */
export const TIME_CODE_CELL = 16;

/** The wall clock both sides share (same machine, or NTP-synchronised ones). */
export const wallClockMs = () => performance.timeOrigin + performance.now();

/** Paints `ms` at the top-left corner of the canvas. */
export function drawTimeCode(context: CanvasRenderingContext2D, ms: number): void {
  const value = Math.floor(ms) % MODULUS;
  const cell = TIME_CODE_CELL;
  const cells = TIME_CODE_BITS + 2;
  context.fillStyle = '#000';
  context.fillRect(0, 0, cells * cell + cell, cell * 2);
  context.fillStyle = '#fff';
  context.fillRect(cell / 2, cell / 2, cell, cell);
  for (let bit = 0; bit < TIME_CODE_BITS; bit += 1) {
    if ((value >> (TIME_CODE_BITS - 1 - bit)) & 1) context.fillRect(cell / 2 + (bit + 1) * cell, cell / 2, cell, cell);
  }
  context.fillRect(cell / 2 + (TIME_CODE_BITS + 1) * cell, cell / 2, cell, cell);
}

/** The code's width in pixels at the size it was drawn, so a reader copies only that strip. */
export const TIME_CODE_WIDTH = (TIME_CODE_BITS + 3) * TIME_CODE_CELL;
export const TIME_CODE_HEIGHT = TIME_CODE_CELL * 2;

/**
 * Reads the code back from pixels drawn at the same scale (the caller draws the decoded frame at
 * its intrinsic size). Null when the guards are missing: not a coded frame.
 */
export function readTimeCode(pixels: Uint8ClampedArray, width: number): number | null {
  const cell = TIME_CODE_CELL;
  const y = cell; // the middle of the row of squares
  const bright = (index: number) => {
    const x = cell + index * cell;
    const offset = (y * width + x) * 4;
    const luma = 0.299 * (pixels[offset] ?? 0) + 0.587 * (pixels[offset + 1] ?? 0) + 0.114 * (pixels[offset + 2] ?? 0);
    return luma > 128;
  };
  if (!bright(0) || !bright(TIME_CODE_BITS + 1)) return null;
  let value = 0;
  for (let bit = 0; bit < TIME_CODE_BITS; bit += 1) value = value * 2 + (bright(bit + 1) ? 1 : 0);
  return value;
}

/** Milliseconds from when the code was drawn to `nowMs`. */
export function delaySince(code: number, nowMs: number): number {
  return (((Math.floor(nowMs) % MODULUS) - code) % MODULUS + MODULUS) % MODULUS;
}

/** Reads the delay of the frame a video element shows now; null until a coded frame arrives. */
export class TimeCodeReader {
  private readonly canvas = document.createElement('canvas');
  private readonly context = this.canvas.getContext('2d', { willReadFrequently: true });

  read(video: HTMLVideoElement, nowMs = wallClockMs()): number | null {
    if (!this.context || video.videoWidth < TIME_CODE_WIDTH || video.videoHeight < TIME_CODE_HEIGHT) return null;
    this.canvas.width = TIME_CODE_WIDTH;
    this.canvas.height = TIME_CODE_HEIGHT;
    this.context.drawImage(video, 0, 0, TIME_CODE_WIDTH, TIME_CODE_HEIGHT, 0, 0, TIME_CODE_WIDTH, TIME_CODE_HEIGHT);
    const code = readTimeCode(this.context.getImageData(0, 0, TIME_CODE_WIDTH, TIME_CODE_HEIGHT).data, TIME_CODE_WIDTH);
    return code === null ? null : delaySince(code, nowMs);
  }
}
