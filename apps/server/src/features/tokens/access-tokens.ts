import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { TOKENS } from '@argus/contracts/constants';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { ResolvedSession } from '../auth/sessions.repository';
import { SIGNING_ALGORITHM, type KeyRing } from './key-ring';

export const AUDIENCE = 'authenticated';

export interface AccessClaims {
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  iss: string;
  email: string;
  /** The Argus role, which every Argus service authorises on. */
  role: string;
  aal: 'aal1' | 'aal2';
  amr: { method: string; timestamp: number }[];
  session_id: string;
  is_anonymous: false;
  app_metadata: { provider: string; providers: string[] };
  user_metadata: { full_name: string };
  /** RFC 8693: the administrator acting as `sub` while switched. */
  act?: { sub: string };
}

/**
 * ES256 access tokens with the claims the Supabase Auth clients read. Argus services and the
 * stream gateway verify them with the published JWKS alone.
 */
export class AccessTokens {
  constructor(
    private readonly keys: KeyRing,
    private readonly clock: Clock,
    readonly issuer: string,
  ) {}

  async issue(resolved: ResolvedSession): Promise<{ token: string; expiresAt: number; expiresIn: number }> {
    const { kid, key } = await this.keys.signingKey();
    const now = Math.floor(this.clock.now() / 1000);
    const expiresIn = Math.floor(TOKENS.accessTtlMs / 1000);
    const { user, session, actor } = resolved;
    const claims: Omit<AccessClaims, 'sub' | 'aud' | 'exp' | 'iat' | 'iss'> = {
      email: user.email,
      role: user.role,
      aal: session.aal,
      amr: JSON.parse(session.amr) as AccessClaims['amr'],
      session_id: session.id,
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: user.full_name },
      ...(actor ? { act: { sub: actor.id } } : {}),
    };
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid, typ: 'JWT' })
      .setSubject(user.id)
      .setAudience(AUDIENCE)
      .setIssuer(this.issuer)
      .setIssuedAt(now)
      .setExpirationTime(now + expiresIn)
      .sign(key);
    return { token, expiresAt: now + expiresIn, expiresIn };
  }

  async verify(token: string): Promise<AccessClaims> {
    const options = {
      issuer: this.issuer,
      audience: AUDIENCE,
      algorithms: [SIGNING_ALGORITHM],
      // jose checks exp only when present; a token without one would be good forever.
      requiredClaims: ['exp'],
      currentDate: new Date(this.clock.now()),
    };
    try {
      const { payload } = await jwtVerify(token, await this.keys.verifySet(), options);
      return payload as unknown as AccessClaims;
    } catch (error) {
      // A kid we do not know may be one another instance has just rotated in.
      if (error instanceof joseErrors.JWKSNoMatchingKey) {
        await this.keys.reload();
        try {
          const { payload } = await jwtVerify(token, await this.keys.verifySet(), options);
          return payload as unknown as AccessClaims;
        } catch {
          throw new AppError('bad_jwt');
        }
      }
      throw new AppError('bad_jwt');
    }
  }
}
