import { TEXT } from '@argus/contracts/catalogue';
import type { Session, User } from '@argus/contracts/http/auth';
import { isApiError } from '../../lib/api-error';

/**
 * The session check of docs/specification.md: loading, then valid or invalid. "invalid" says why, because the
 * route guard treats the three differently: signed out goes to /login, an error is shown, and
 * offline is shown too rather than bouncing a field unit with no signal to the sign-in form.
 */
export type AuthState =
  | { status: 'loading' }
  /** offline: resumed from this device's memory with no signal; the server confirms it once online. */
  | { status: 'valid'; user: User; session: Session; offline?: boolean }
  | { status: 'invalid'; reason: 'signed-out' }
  | { status: 'invalid'; reason: 'error'; error: string }
  | { status: 'invalid'; reason: 'offline' }
  /** Signing out: neither the guard nor /login should redirect while the server is told. */
  | { status: 'ending' };

export type AuthAction =
  | { type: 'check-started' }
  | { type: 'signed-in'; user: User; session: Session }
  | { type: 'resumed-offline'; user: User; session: Session }
  | { type: 'session-refreshed'; session: Session }
  | { type: 'user-updated'; user: User }
  | { type: 'signed-out' }
  | { type: 'check-failed'; error: string }
  | { type: 'offline' }
  | { type: 'sign-out-started' };

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'check-started':
      return { status: 'loading' };
    case 'signed-in':
      return { status: 'valid', user: action.user, session: action.session };
    case 'resumed-offline':
      return { status: 'valid', user: action.user, session: action.session, offline: true };
    case 'session-refreshed':
      return state.status === 'valid' ? { ...state, session: action.session } : state;
    case 'user-updated':
      return state.status === 'valid' ? { ...state, user: action.user } : state;
    case 'signed-out':
      return { status: 'invalid', reason: 'signed-out' };
    case 'check-failed':
      return { status: 'invalid', reason: 'error', error: action.error };
    case 'offline':
      return { status: 'invalid', reason: 'offline' };
    case 'sign-out-started':
      return { status: 'ending' };
  }
}

/**
 * docs/specification.md: a 401 from the session check means signed out, quietly; any other failure is an error.
 * A check that got no answer at all is neither: the user may well still have a valid session. Any
 * network failure counts, whatever navigator.onLine says at that moment: on a reload with the
 * network gone, the check can fail before the browser flips onLine, and the offline state must win
 * (issue 19, point 8).
 */
export function checkFailureAction(error: unknown, online: boolean): AuthAction {
  if (isApiError(error) && error.status === 401) return { type: 'signed-out' };
  if (!online || (isApiError(error) && error.isNetworkFailure)) return { type: 'offline' };
  return { type: 'check-failed', error: TEXT.session.verifyFailed };
}

/**
 * Restates the server's session times on this device's clock. Phones in the field often run
 * minutes off; comparing the server's deadline with a skewed local clock would sign a user out
 * early or never. Network delay makes this err by at most a round trip, on the early side.
 */
export function toLocalClock(session: Session, receivedAt: number): Session {
  const shift = receivedAt - session.serverTime;
  return {
    ...session,
    expiresAt: session.expiresAt + shift,
    lastActivity: session.lastActivity + shift,
    createdAt: session.createdAt + shift,
    absoluteExpiresAt: session.absoluteExpiresAt + shift,
    serverTime: receivedAt,
  };
}

/** The moment the session ends by itself: the sliding or the absolute limit, whichever is first. */
export function sessionDeadline(session: Session): number {
  return Math.min(session.expiresAt, session.absoluteExpiresAt);
}

export function isSessionExpired(session: Session, now: number): boolean {
  return now > sessionDeadline(session);
}

/**
 * An administrator whom the policy asks for a second factor and who has none: the server refuses
 * them every administrative call (mfa_enrolment_required), so the app takes them to setting one up
 * and opens no other page until they have (issue 19, point 7).
 */
export function mustEnrolSecondFactor(session: Session): boolean {
  return session.mfa.required && !session.mfa.enrolled;
}

/** Signed in with the password, but the account has a verified factor still to be answered. */
export function needsSecondFactor(session: Session): boolean {
  return session.mfa.enrolled && session.aal === 'aal1';
}
