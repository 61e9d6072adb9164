import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

// The one-shot hash: every API request hashes its session token, and it costs a third of
// createHash().update().digest().
export const sha256 = (value: string | Buffer) => hash('sha256', value, 'hex');

/** Compares two secrets in constant time (different lengths are simply unequal). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
