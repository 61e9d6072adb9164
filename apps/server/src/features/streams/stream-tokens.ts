import { decodeProtectedHeader, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { STREAM_TOKEN_AUDIENCE, STREAM_TOKEN_TTL_MS, type StreamRole } from '@argus/contracts/http/streams';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { SIGNING_ALGORITHM, type KeyRing } from '../tokens/key-ring';

export interface StreamClaims {
  sub: string;
  room: string;
  stream_role: StreamRole;
  /** The Argus role of the user, for the gateway's own checks and logs. */
  user_role: string;
  name: string;
  /** Who holds the playback link a session was opened with (a TAK device's certificate id); none for a stream or access token. */
  link?: string;
}

/**
 * Short-lived ES256 tokens for the stream gateway, signed by the same keys as the token API
 * and verified against the published key set (the JWKS), so a separate gateway node needs
 * nothing but /.well-known/jwks.json.
 */
export class StreamTokens {
  constructor(
    private readonly keys: KeyRing,
    private readonly clock: Clock,
    readonly issuer: string,
  ) {}

  async issue(claims: StreamClaims): Promise<{ token: string; expiresAt: number }> {
    const { kid, key } = await this.keys.signingKey();
    const now = Math.floor(this.clock.now() / 1000);
    const exp = now + Math.floor(STREAM_TOKEN_TTL_MS / 1000);
    const token = await new SignJWT({ room: claims.room, stream_role: claims.stream_role, user_role: claims.user_role, name: claims.name })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid, typ: 'JWT' })
      .setSubject(claims.sub)
      .setAudience(STREAM_TOKEN_AUDIENCE)
      .setIssuer(this.issuer)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(key);
    return { token, expiresAt: exp * 1000 };
  }

  async verify(token: string): Promise<StreamClaims> {
    // Garbage is refused before the key ring is even loaded.
    let header: ReturnType<typeof decodeProtectedHeader>;
    try {
      header = decodeProtectedHeader(token);
    } catch {
      throw new AppError('bad_stream_token');
    }
    if (header.alg !== SIGNING_ALGORITHM || typeof header.kid !== 'string') throw new AppError('bad_stream_token');
    // A token without exp would be good forever: require it, as access tokens do.
    const options = {
      issuer: this.issuer,
      audience: STREAM_TOKEN_AUDIENCE,
      algorithms: [SIGNING_ALGORITHM],
      requiredClaims: ['exp'],
      currentDate: new Date(this.clock.now()),
    };
    for (const attempt of [0, 1]) {
      try {
        const { payload } = await jwtVerify(token, await this.keys.verifySet(), options);
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.room !== 'string' ||
          (payload.stream_role !== 'publish' && payload.stream_role !== 'view')
        )
          break;
        return payload as unknown as StreamClaims;
      } catch (error) {
        // A kid we do not know may have just been rotated in by another instance.
        if (attempt === 0 && error instanceof joseErrors.JWKSNoMatchingKey) await this.keys.reload();
        else break;
      }
    }
    throw new AppError('bad_stream_token');
  }
}
