import type { Session } from '@argus/contracts/http/auth';

/**
 * A signed-in aal1 session for unit tests, on the server's clock: sent at 1.5 s, idle deadline
 * at 2 s, absolute limit at 10 s.
 */
export const TEST_SESSION: Session = {
  expiresAt: 2_000,
  lastActivity: 1_000,
  createdAt: 0,
  absoluteExpiresAt: 10_000,
  aal: 'aal1',
  mfa: { enrolled: false, required: false },
  originalUser: null,
  serverTime: 1_500,
  device: null,
};
