import { Secret, TOTP } from 'otpauth';
import { MFA } from '@argus/contracts/constants';

/** RFC 6238 codes as authenticator apps make them: SHA-1, 6 digits, 30-second steps. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, label = '', issuer = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: MFA.totp.algorithm,
    digits: MFA.totp.digits,
    period: MFA.totp.periodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

export function totpUri(secret: string, label: string, issuer: string): string {
  return totp(secret, label, issuer).toString();
}

export function totpCode(secret: string, atMs: number): string {
  return totp(secret).generate({ timestamp: atMs });
}

/**
 * The time step the code belongs to, within one step either side of now, or null. Callers
 * refuse a step at or before the last one accepted, so a code works once.
 */
export function totpStep(secret: string, code: string, atMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: atMs, window: MFA.totp.window });
  if (delta === null) return null;
  return Math.floor(atMs / 1000 / MFA.totp.periodSeconds) + delta;
}
