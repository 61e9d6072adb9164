import { describe, expect, it } from 'vitest';
import { delaySince, drawTimeCode, READ_WIDTH, readTimeCode } from './time-code';

/** Just enough of a 2D context to paint filled rectangles into RGBA pixels. */
function pixelCanvas(width: number, height: number) {
  const pixels = new Uint8ClampedArray(width * height * 4).fill(90);
  const context = {
    fillStyle: '#000',
    fillRect(x: number, y: number, w: number, h: number) {
      const value = this.fillStyle === '#fff' ? 255 : 0;
      for (let row = Math.max(0, y); row < Math.min(height, y + h); row += 1) {
        for (let col = Math.max(0, x); col < Math.min(width, x + w); col += 1)
          pixels.fill(value, (row * width + col) * 4, (row * width + col) * 4 + 3);
      }
    },
  };
  return { pixels, context: context as unknown as CanvasRenderingContext2D };
}

describe('the time code painted into frames', () => {
  it('reads back the millisecond it was drawn at, modulo 2^24', () => {
    for (const ms of [0, 1, 1_234_567, 1_763_938_000_123, 2 ** 24 - 1]) {
      const { pixels, context } = pixelCanvas(READ_WIDTH, READ_WIDTH / 16);
      drawTimeCode(context, ms, READ_WIDTH);
      expect(readTimeCode(pixels, READ_WIDTH)).toBe(ms % 2 ** 24);
    }
  });

  it('finds no code in a frame without the guard squares', () => {
    const { pixels } = pixelCanvas(READ_WIDTH, READ_WIDTH / 16);
    expect(readTimeCode(pixels, READ_WIDTH)).toBeNull();
  });

  it('measures the delay across the wrap of the code', () => {
    const drawnAt = 2 ** 24 * 3 - 20;
    expect(delaySince(drawnAt % 2 ** 24, drawnAt + 55)).toBe(55);
    expect(delaySince(1000, 1040)).toBe(40);
  });
});
