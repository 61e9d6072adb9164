import { describe, expect, it } from 'vitest';
import { MotionGate, RECHECK_STILL_MS } from './motion-gate';

function frame(fill: (x: number, y: number) => number, width = 64, height = 48): Uint8ClampedArray {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const value = fill(x, y);
      data.set([value, value, value, 255], (y * width + x) * 4);
    }
  }
  return data;
}

describe('MotionGate', () => {
  it('sees a moving block, ignores sensor noise, and re-examines a still scene every few seconds', () => {
    const gate = new MotionGate();
    const background = (x: number, y: number) => 100 + ((x * 7 + y * 13) % 10);
    expect(gate.motion(frame(background))).toBe(1);
    expect(gate.wantsInference(1, 0)).toBe(true);
    gate.inferred(0);

    // Noise of a few levels everywhere is not motion.
    const noisy = gate.motion(frame((x, y) => background(x, y) + ((x + y) % 3) * 5));
    expect(noisy).toBe(0);
    expect(gate.wantsInference(noisy, 200)).toBe(false);

    // A 8x8 block turning bright moves 64 of 3072 pixels (about 2%).
    const moved = gate.motion(frame((x, y) => (x >= 10 && x < 18 && y >= 10 && y < 18 ? 250 : background(x, y))));
    expect(moved).toBeCloseTo(64 / 3072, 5);
    expect(gate.wantsInference(moved, 400)).toBe(true);
    gate.inferred(400);

    expect(gate.wantsInference(0, 400 + RECHECK_STILL_MS - 1)).toBe(false);
    expect(gate.wantsInference(0, 400 + RECHECK_STILL_MS)).toBe(true);
  });
});
