import { createHmac } from 'node:crypto';
import { TOKENS } from '@argus/contracts/constants';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { randomToken, sha256 } from '../../lib/tokens';
import type { AuditContext, AuditLog } from '../audit/audit.log';
import type { AuthService, ClientInfo } from '../auth/auth.service';
import { sessionExpiresAt } from '../auth/session.presenter';
import type { ResolvedSession, SessionsRepository } from '../auth/sessions.repository';
import type { AccessTokens } from './access-tokens';
import type { FamilyRateLimit } from './family-rate-limit';
import type { RefreshTokensRepository } from './refresh-tokens.repository';

export interface IssuedTokens {
  resolved: ResolvedSession;
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
  expiresIn: number;
}

export type LogoutScope = 'global' | 'local' | 'others';

/**
 * The grants of the token API. A session is a token family: each refresh token is used once
 * and replaced; a retry inside the reuse window gets the same replacement; replaying an older
 * token after that ends the whole session, because only a thief would still hold it.
 */
export class TokenService {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionsRepository,
    private readonly refreshTokens: RefreshTokensRepository,
    private readonly accessTokens: AccessTokens,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    /** In this process, or shared through Redis when several nodes run (family-rate-limit.ts). */
    private readonly familyLimit: FamilyRateLimit,
  ) {}

  async passwordGrant(email: string, password: string, client: ClientInfo): Promise<IssuedTokens> {
    const created = await this.auth.login(email, password, client);
    return this.issue(created.resolved, await this.newRefreshToken(created.resolved.session.id, null));
  }

  /** Tokens for a session that already exists (a cookie session, or after a second factor). */
  async issueFor(resolved: ResolvedSession): Promise<IssuedTokens> {
    return this.issue(resolved, await this.newRefreshToken(resolved.session.id, null));
  }

  async refreshGrant(refreshToken: string, context: AuditContext): Promise<IssuedTokens> {
    const now = this.clock.now();
    const row = await this.refreshTokens.find(sha256(refreshToken));
    if (!row) throw new AppError('refresh_token_not_found');
    const resolved = await this.sessions.resolve(row.session_id);
    if (!resolved || resolved.user.is_active !== 1) throw new AppError('refresh_token_not_found');
    if (now >= sessionExpiresAt(resolved.session)) throw new AppError('session_not_found');
    if (!(await this.familyLimit.take(row.session_id, now))) throw new AppError('rate_limited');

    const child = childToken(row.child_key, refreshToken);
    const rotated = row.used_at === null && (await this.refreshTokens.rotate(row.id, refreshRow(child, row.session_id, row.id, now), now));
    if (!rotated) {
      const usedAt = row.used_at ?? now;
      if (now - usedAt > TOKENS.refreshReuseWindowMs) {
        await this.sessions.revoke(row.session_id, now);
        await this.audit.append({ ...context, subjectId: resolved.user.id }, 'auth.refresh_reuse', row.session_id, {});
        throw new AppError('refresh_token_already_used');
      }
      // A retry of a grant whose answer was lost: the same replacement goes back.
    }
    // Using the session from a device is activity, as a keepalive is for the web app.
    return this.issue(await this.auth.keepalive(resolved), child);
  }

  async logout(resolved: ResolvedSession, scope: LogoutScope, context: AuditContext): Promise<void> {
    const now = this.clock.now();
    const { session, user } = resolved;
    if (scope === 'local') await this.sessions.revoke(session.id, now);
    else await this.sessions.revokeAllOf(user.id, now, scope === 'others' ? session.id : undefined);
    await this.audit.append(context, 'auth.logout', session.user_id, { scope });
  }

  private async newRefreshToken(sessionId: string, parentId: string | null): Promise<string> {
    const token = randomToken();
    await this.refreshTokens.insert(refreshRow(token, sessionId, parentId, this.clock.now()));
    return token;
  }

  private async issue(resolved: ResolvedSession, refreshToken: string): Promise<IssuedTokens> {
    const access = await this.accessTokens.issue(resolved);
    return { resolved, accessToken: access.token, refreshToken, expiresAt: access.expiresAt, expiresIn: access.expiresIn };
  }
}

function refreshRow(token: string, sessionId: string, parentId: string | null, now: number) {
  return { id: sha256(token), session_id: sessionId, parent_id: parentId, child_key: randomToken(), created_at: now, used_at: null };
}

function childToken(childKey: string, parent: string): string {
  return createHmac('sha256', childKey).update(parent).digest('base64url');
}
