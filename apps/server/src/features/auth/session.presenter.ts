import { SESSION } from '@argus/contracts/constants';
import type { AuthResponse, Session } from '@argus/contracts/http/auth';
import { presentUser } from '../users/users.presenter';
import type { MfaPolicy } from '../mfa/mfa-policy';
import type { ResolvedSession, SessionRow } from './sessions.repository';

/**
 * When the session ends: 15 minutes after the last activity, or 24 hours after sign-in. A device
 * session (a wall display or tracker) has no inactivity limit; it ends when revoked or at its own
 * absolute limit (docs/decisions/0051-device-sessions-and-retention.md).
 */
export function sessionExpiresAt(row: SessionRow): number {
  if (row.device_id !== null) return row.absolute_expires_at;
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
    device: resolved.device,
  };
}

export function presentAuth(resolved: ResolvedSession, now: number, policy: MfaPolicy): AuthResponse {
  return { user: presentUser(resolved.user), session: presentSession(resolved, now, policy) };
}
