import { describe, expect, it } from 'vitest';
import { plainDecimal } from './cot-decimal';

/** A text of `digits` random digits with a point after `whole` of them, maybe negative. */
function randomDecimal(digits: number, whole: number, random: () => number): string {
  let text = random() < 0.5 ? '-' : '';
  for (let index = 0; index < digits; index += 1) {
    if (index === whole) text += '.';
    text += String(Math.floor(random() * 10));
  }
  return text;
}

/** A small seeded generator, so a failure can be repeated. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('the plain decimals of a PLI', () => {
  it('reads exactly what Number reads, to the last bit, up to 15 digits', () => {
    const random = seeded(18);
    for (let round = 0; round < 50_000; round += 1) {
      const digits = 1 + Math.floor(random() * 15);
      const text = randomDecimal(digits, Math.floor(random() * (digits + 1)), random);
      expect(Object.is(plainDecimal(text), Number(text)), text).toBe(true);
    }
  });

  it('reads the shapes TAK clients write', () => {
    for (const text of ['0', '0.0', '-0', '-0.0', '87', '9999999.0', '-12.3456789', '51.5007292', '1.', '.5', '-.5', '180', '-90.000000'])
      expect(Object.is(plainDecimal(text), Number(text)), text).toBe(true);
  });

  it('leaves any other text to Number (NaN here)', () => {
    for (const text of [
      '',
      '-',
      '.',
      '-.',
      '+1',
      ' 1',
      '1 ',
      '1e5',
      '1.2.3',
      '0x10',
      'Infinity',
      'NaN',
      '1,5',
      '1234567890123456',
      '0.1234567890123456',
    ])
      expect(plainDecimal(text), text).toBeNaN();
  });
});
