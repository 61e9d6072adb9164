import { SERVER_TIME_HEADER } from '@argus/contracts/http/device-time';

/**
 * How far the server's clock is from this device's: estimated from the server time every answer
 * carries, taking the sample with the shortest round trip (its midpoint is the least uncertain),
 * and kept across reloads so a phone that restarts in a dead zone still corrects the times of what
 * it queues there (docs/decisions/0042-device-time.md). Field actions are sent on the server's
 * clock: the device's time of the act plus this offset.
 */
interface Estimate {
  /** Server clock minus device clock, in milliseconds. */
  offsetMs: number;
  roundTripMs: number;
  /** When it was measured, on the device's clock. */
  measuredAt: number;
}

const STORAGE_KEY = 'argus.server-clock';
/** An estimate older than this gives way to any newer sample: the device's clock may have been set since. */
const STALE_AFTER_MS = 10 * 60_000;

let best: Estimate | null = readStored();

function readStored(): Estimate | null {
  try {
    const stored = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? 'null') as Estimate | null;
    return stored && Number.isFinite(stored.offsetMs) && Number.isFinite(stored.roundTripMs) ? stored : null;
  } catch {
    return null;
  }
}

/** Takes one sample: when the request left, when its answer came back, and the answer's headers. */
export function observeServerTime(sentAt: number, receivedAt: number, headers: Headers): void {
  const serverTime = Number(headers.get(SERVER_TIME_HEADER));
  if (!headers.has(SERVER_TIME_HEADER) || !Number.isFinite(serverTime) || receivedAt < sentAt) return;
  const sample: Estimate = { offsetMs: serverTime - (sentAt + receivedAt) / 2, roundTripMs: receivedAt - sentAt, measuredAt: receivedAt };
  if (best && sample.roundTripMs > best.roundTripMs && receivedAt - best.measuredAt < STALE_AFTER_MS) return;
  best = sample;
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(sample));
  } catch {
    // Storage refused (private mode, full): the estimate still holds for this page.
  }
}

/** A time on this device's clock as the server's clock would have read it; unchanged until an answer has been seen. */
export function toServerTime(deviceTime: number): number {
  return Math.round(deviceTime + (best?.offsetMs ?? 0));
}
