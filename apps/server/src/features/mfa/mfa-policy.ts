import { isAdminRole } from '@argus/contracts/roles';
import type { ResolvedSession } from '../auth/sessions.repository';
import type { UserRow } from '../users/users.repository';

/** Whether the session has verified a second factor (reached aal2). */
export function reachedSecondFactor(resolved: Pick<ResolvedSession, 'session'>): boolean {
  return resolved.session.aal === 'aal2';
}

/**
 * Whether the session may do nothing but finish signing in: its user has a verified factor that
 * this session has not yet answered. HTTP (the auth plugin) and the realtime socket both ask here.
 */
export function awaitsSecondFactor(resolved: Pick<ResolvedSession, 'session' | 'hasVerifiedFactor'>): boolean {
  return resolved.hasVerifiedFactor && !reachedSecondFactor(resolved);
}

/**
 * Who must use a second factor. A user with a verified factor must reach aal2 before anything
 * but finishing sign-in; with the policy on (the default), administrators must also have one
 * before any administrative action.
 */
export class MfaPolicy {
  constructor(readonly requiredForAdmins: boolean) {}

  /** The person at the keyboard: the administrator while switched. */
  private operator(resolved: ResolvedSession) {
    return resolved.actor ?? resolved.user;
  }

  requiresFactor(resolved: ResolvedSession): boolean {
    // A device session does nothing administrative, and the administrator who enrolled it met the
    // policy (docs/decisions/0051-device-sessions-and-retention.md).
    if (resolved.device) return false;
    return this.asksFactorOf(this.operator(resolved).role);
  }

  /** The policy itself: whether a person in this role needs a second factor for administrative work. */
  private asksFactorOf(role: string): boolean {
    return this.requiredForAdmins && isAdminRole(role);
  }

  /** Why this session may not take an administrative action yet, or null when it may. */
  administrativeBlock(resolved: ResolvedSession): 'mfa_enrolment_required' | 'insufficient_aal' | null {
    if (!this.requiresFactor(resolved)) return null;
    if (!resolved.hasVerifiedFactor) return 'mfa_enrolment_required';
    return reachedSecondFactor(resolved) ? null : 'insufficient_aal';
  }

  /**
   * The same rule for a TAK device's administrative write, which acts at the assurance of its
   * enrolment (docs/decisions/0068-tak-items-from-devices.md): null when it may, else why not.
   */
  deviceBlock(user: Pick<UserRow, 'role'>, aal: 'aal1' | 'aal2'): 'insufficient_aal' | null {
    if (!this.asksFactorOf(user.role)) return null;
    return aal === 'aal2' ? null : 'insufficient_aal';
  }
}
