import { randomInt } from 'node:crypto';
import { SETUP_CODE_ALPHABET, SETUP_CODE_GROUP_LENGTH, SETUP_CODE_GROUPS } from '@argus/contracts/http/first-run';
import { safeEqual, sha256 } from '../../lib/tokens';

/**
 * A new setup code as the terminal prints it (four groups of four, about 80 bits): too many to
 * guess within the rate limit, short enough to type from one screen into another.
 */
export function newSetupCode(): string {
  const groups = Array.from({ length: SETUP_CODE_GROUPS }, () =>
    Array.from({ length: SETUP_CODE_GROUP_LENGTH }, () => SETUP_CODE_ALPHABET[randomInt(SETUP_CODE_ALPHABET.length)]).join(''),
  );
  return groups.join('-');
}

/** What the server keeps of a code: its hash, so a memory dump or a log line cannot replay it. */
export function setupCodeDigest(code: string): string {
  return sha256(code.replace(/[\s-]/g, '').toUpperCase());
}

/** Whether a typed code is the printed one, compared in constant time on the digests. */
export function setupCodeMatches(typed: string, digest: string): boolean {
  return safeEqual(setupCodeDigest(typed), digest);
}
