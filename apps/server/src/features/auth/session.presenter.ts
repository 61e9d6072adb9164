import { SESSION } from '@argus/contracts/constants';
import type { AuthResponse, Session } from '@argus/contracts/http/auth';
import { presentUser } from '../users/users.presenter';
import type { MfaPolicy } from '../mfa/mfa-policy';
import type { ResolvedSession, SessionRow } from './sessions.repository';

/** When the session ends: 15 minutes after the last keepalive, or 24 hours after sign-in. */
export function sessionExpiresAt(row: SessionRow): number {
  return Math.min(row.last_activity_at + SESSION.inactivityMs, row.absolute_expires_at);
}

export function presentSession(resolved: ResolvedSession, now: number, policy: MfaPolicy): Session {
  const { session, actor } = resolved;
  return {
    expiresAt: sessionExpiresAt(session),
    lastActivity: session.last_activity_at,
    createdAt: session.created_at,
    absoluteExpiresAt: session.absolute_expires_at,
    aal: session.aal,
    mfa: { enrolled: resolved.hasVerifiedFactor, required: policy.requiresFactor(resolved) },
    originalUser: actor ? presentUser(actor) : null,
    serverTime: now,
  };
}

export function presentAuth(resolved: ResolvedSession, now: number, policy: MfaPolicy): AuthResponse {
  return { user: presentUser(resolved.user), session: presentSession(resolved, now, policy) };
}
