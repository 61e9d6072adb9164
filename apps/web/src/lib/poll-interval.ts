/**
 * Live data arrives over the realtime socket when it is connected; until then, and whenever it
 * drops, the field screens poll so they stay within seconds of the truth.
 */
export const FIELD_POLL_MS = 15_000;
/** The civic reporter's lists are polled this often until the realtime socket pushes their changes. */
export const CIVIC_POLL_MS = 30_000;
/** While the socket is up, polling is only a safety net. */
export const LIVE_SAFETY_POLL_MS = 120_000;

/** How often to poll, given whether the realtime socket is connected. */
export function pollInterval(live: boolean, offline = FIELD_POLL_MS): number {
  return live ? LIVE_SAFETY_POLL_MS : offline;
}
