/**
 * A clock drawn into video frames so the receiving side can read when a frame was drawn: the
 * glass-to-glass delay. The low 24 bits of the wall-clock millisecond are painted as a row of black
 * and white squares (big enough to survive compression), between two white guard squares that tell
 * a coded frame from a plain one. 2^24 ms is about 4.6 hours, far beyond any delay, so the
 * difference is taken modulo that.
 */

export const TIME_CODE_BITS = 24;
const MODULUS = 2 ** TIME_CODE_BITS;
/** The code spans the frame's width in this many cells, so it scales with the picture. */
const CELLS_ACROSS = 32;
/** Width the reader scales the decoded strip to before sampling. */
export const READ_WIDTH = 320;
const READ_CELL = READ_WIDTH / CELLS_ACROSS;
const READ_HEIGHT = READ_CELL * 2;

/** The wall clock both sides share (same machine, or NTP-synchronised ones). */
export const wallClockMs = () => performance.timeOrigin + performance.now();

/**
 * Paints `ms` along the top of a frame `width` pixels wide: a black strip two cells high with a
 * white guard, 24 bits (white is 1) and another white guard. Cells are a 32nd of the width, so
 * an encoder that scales the picture down scales the code with it.
 */
export function drawTimeCode(context: CanvasRenderingContext2D, ms: number, width: number): void {
  const value = Math.floor(ms) % MODULUS;
  const cell = width / CELLS_ACROSS;
  context.fillStyle = '#000';
  context.fillRect(0, 0, cell * (TIME_CODE_BITS + 3), cell * 2);
  context.fillStyle = '#fff';
  const square = (index: number) =>
    context.fillRect(Math.round(cell * (index + 0.5)), Math.round(cell * 0.5), Math.ceil(cell), Math.ceil(cell));
  square(0);
  for (let bit = 0; bit < TIME_CODE_BITS; bit += 1) {
    if ((value >> (TIME_CODE_BITS - 1 - bit)) & 1) square(bit + 1);
  }
  square(TIME_CODE_BITS + 1);
}

/**
 * Reads the code from RGBA pixels of the top strip scaled to READ_WIDTH wide. Null when the
 * guards are missing: not a coded frame.
 */
export function readTimeCode(pixels: Uint8ClampedArray, width = READ_WIDTH): number | null {
  const cell = width / CELLS_ACROSS;
  const y = Math.floor(cell);
  const bright = (index: number) => {
    const x = Math.floor(cell * (index + 1));
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
  return ((((Math.floor(nowMs) % MODULUS) - code) % MODULUS) + MODULUS) % MODULUS;
}

/** Reads the delay of the frame a video element shows now; null until a coded frame arrives. */
export class TimeCodeReader {
  private readonly canvas = document.createElement('canvas');
  private readonly context = this.canvas.getContext('2d', { willReadFrequently: true });

  read(video: HTMLVideoElement, nowMs = wallClockMs()): number | null {
    if (!this.context || video.videoWidth === 0) return null;
    this.canvas.width = READ_WIDTH;
    this.canvas.height = READ_HEIGHT;
    const stripHeight = (video.videoWidth / CELLS_ACROSS) * 2;
    this.context.drawImage(video, 0, 0, video.videoWidth, stripHeight, 0, 0, READ_WIDTH, READ_HEIGHT);
    const code = readTimeCode(this.context.getImageData(0, 0, READ_WIDTH, READ_HEIGHT).data);
    return code === null ? null : delaySince(code, nowMs);
  }
}
