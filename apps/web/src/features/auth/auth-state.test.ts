import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { TEST_SESSION } from '../../test/session';
import { authReducer, checkFailureAction, isSessionExpired, toLocalClock, needsSecondFactor } from './auth-state';

const user = { id: 'u1', email: 'a@b.c', full_name: 'Ada', role: 'Super_Admin' as const, is_active: true };
const session = TEST_SESSION;

describe('checkFailureAction', () => {
  it('treats a 401 as signed out, quietly', () => {
    expect(checkFailureAction(new ApiError(401, 'unauthenticated', 'x'), true)).toEqual({ type: 'signed-out' });
    expect(checkFailureAction(new ApiError(401, 'session_expired', 'x'), true)).toEqual({ type: 'signed-out' });
  });

  it('reports any other failure with the specification message', () => {
    const expected = { type: 'check-failed', error: 'Unable to verify your access permissions.' };
    expect(checkFailureAction(new ApiError(500, 'internal', 'x'), true)).toEqual(expected);
    expect(checkFailureAction(new Error('parse'), true)).toEqual(expected);
  });

  it('recognises being offline instead of bouncing to sign-in', () => {
    expect(checkFailureAction(new ApiError(0, 'network_error', 'x'), false)).toEqual({ type: 'offline' });
    expect(checkFailureAction(new ApiError(500, 'internal', 'x'), false)).toEqual({ type: 'offline' });
  });

  it('treats a check that got no answer as offline even before the browser says so', () => {
    expect(checkFailureAction(new ApiError(0, 'network_error', 'x'), true)).toEqual({ type: 'offline' });
    expect(checkFailureAction(new ApiError(0, 'timeout', 'x'), true)).toEqual({ type: 'offline' });
  });
});

describe('authReducer', () => {
  it('refreshes the session only while signed in', () => {
    const signedIn = authReducer({ status: 'loading' }, { type: 'signed-in', user, session });
    const refreshed = authReducer(signedIn, { type: 'session-refreshed', session: { ...session, expiresAt: 5_000 } });
    expect(refreshed).toMatchObject({ status: 'valid', session: { expiresAt: 5_000 } });
    expect(authReducer({ status: 'ending' }, { type: 'session-refreshed', session })).toEqual({ status: 'ending' });
  });
});

describe('isSessionExpired', () => {
  it('uses whichever of the sliding and absolute limits comes first', () => {
    expect(isSessionExpired(session, 1_999)).toBe(false);
    expect(isSessionExpired(session, 2_001)).toBe(true);
    expect(isSessionExpired({ ...session, expiresAt: 50_000 }, 10_001)).toBe(true);
  });
});

describe('toLocalClock', () => {
  it('moves the deadlines by the difference between the two clocks', () => {
    // This device runs 20 minutes ahead of the server.
    const ahead = 20 * 60_000;
    const local = toLocalClock(session, session.serverTime + ahead);
    expect(local.expiresAt).toBe(session.expiresAt + ahead);
    expect(local.absoluteExpiresAt).toBe(session.absoluteExpiresAt + ahead);
    expect(isSessionExpired(local, session.serverTime + ahead + 100)).toBe(false);
    expect(isSessionExpired(local, session.expiresAt + ahead + 1)).toBe(true);
  });

  it('changes nothing when the clocks agree', () => {
    expect(toLocalClock(session, session.serverTime)).toEqual(session);
  });
});

describe('needsSecondFactor', () => {
  it('holds an aal1 session whose user has a verified factor, and nobody else', () => {
    expect(needsSecondFactor(session)).toBe(false);
    expect(needsSecondFactor({ ...session, mfa: { enrolled: true, required: false } })).toBe(true);
    expect(needsSecondFactor({ ...session, aal: 'aal2', mfa: { enrolled: true, required: true } })).toBe(false);
    // An administrator the policy asks to enrol is not held at sign-in: Settings is where to enrol.
    expect(needsSecondFactor({ ...session, mfa: { enrolled: false, required: true } })).toBe(false);
  });
});
