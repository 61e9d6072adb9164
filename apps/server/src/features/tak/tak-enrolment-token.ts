import { createHash, randomBytes } from 'node:crypto';

/** Tells a token from a password at a glance, so a password is never looked up as one. */
const PREFIX = 'takenrol-';

export function isEnrolmentToken(secret: string): boolean {
  return secret.startsWith(PREFIX) && secret.length > PREFIX.length + 30;
}

/** What is kept of a token: its SHA-256 (it is 192 random bits, so no slow hash is needed). */
export function enrolmentTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newEnrolmentToken(): { token: string; hash: string } {
  const token = PREFIX + randomBytes(24).toString('base64url');
  return { token, hash: enrolmentTokenHash(token) };
}
