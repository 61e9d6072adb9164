/**
 * The route guard remembers where the user was in the navigation state as `{ from }`; it may be
 * a react-router Location or, after a session expiry, a plain path. Anything else is ignored.
 */
export function fromLocationState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const from: unknown = state.from;
  if (typeof from === 'string') return from.startsWith('/') ? from : null;
  if (typeof from === 'object' && from !== null && 'pathname' in from && typeof from.pathname === 'string') {
    const search = 'search' in from && typeof from.search === 'string' ? from.search : '';
    const hash = 'hash' in from && typeof from.hash === 'string' ? from.hash : '';
    return `${from.pathname}${search}${hash}`;
  }
  return null;
}
