/**
 * Texts docs/specification.md does not fix, for states it leaves open (offline, a session revoked on the server or
 * a keepalive failing for a reason other than expiry, a logout the server never confirmed).
 */
export const AUTH_TEXT = {
  offlineTitle: 'You are offline',
  offlineBody: 'Argus could not reach the server to check your access. It will check again as soon as the connection returns.',
  sessionEndedTitle: 'Signed out',
  sessionEndedDescription: 'Your session has ended. Sign in again.',
  logoutUnconfirmedTitle: 'Logged out on this device',
  logoutUnconfirmedDescription: 'The server could not be reached, so the session ends when it expires.',
  wrongSite: (roleLabel: string) => `Your role (${roleLabel}) has no pages on this site.`,
} as const;
