import { describe, expect, it } from 'vitest';
import { totpCode, totpStep } from './totp';

// RFC 6238 appendix B, SHA-1: the shared secret is the ASCII "12345678901234567890". The RFC
// lists 8-digit codes; a 6-digit code is the same value mod 10^6, its last six digits.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const VECTORS: [seconds: number, eightDigits: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('at %i s the code is the last six digits of %s', (seconds, eightDigits) => {
    expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(eightDigits.slice(-6));
  });

  it('accepts a code one step either side and reports its step, but not two steps away', () => {
    const now = 1_800_000_015_000;
    const step = Math.floor(now / 30_000);
    expect(totpStep(RFC_SECRET, totpCode(RFC_SECRET, now), now)).toBe(step);
    expect(totpStep(RFC_SECRET, totpCode(RFC_SECRET, now - 30_000), now)).toBe(step - 1);
    expect(totpStep(RFC_SECRET, totpCode(RFC_SECRET, now + 30_000), now)).toBe(step + 1);
    expect(totpStep(RFC_SECRET, totpCode(RFC_SECRET, now - 60_000), now)).toBeNull();
  });

  it('refuses anything that is not six digits', () => {
    for (const code of ['', '12345', '1234567', 'abcdef', ' 123456', '12345a']) {
      expect(totpStep(RFC_SECRET, code, 1_800_000_000_000)).toBeNull();
    }
  });
});
