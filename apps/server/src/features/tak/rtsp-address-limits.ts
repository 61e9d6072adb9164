import type { FastifyBaseLogger } from 'fastify';
import type { Window } from '../../lib/fixed-windows';
import type { RateWindows, RateWindowStore } from '../../lib/rate-windows';

/** One host holding more connections than this is not a team's players behind one address, it is an attack. */
export const MAX_CONNECTIONS_PER_ADDRESS = 16;
/** Refused requests (bad, forged or revoked links) per address per window; beyond, its connections are cut off unanswered. */
export const RTSP_REFUSALS = { max: 20, windowMs: 60_000 };
/** Addresses remembered as over the limit, so a flood of addresses cannot grow memory without end. */
const MAX_BLOCKED = 10_000;

/**
 * The RTSP port's limits per remote address (docs/decisions/0077-tak-rtsp-output.md): at most
 * MAX_CONNECTIONS_PER_ADDRESS at once, and RTSP_REFUSALS refusals per window, counted in the
 * deployment's rate window store (in Redis when it is set, so every process sees them). A forged
 * token with an unknown key id makes the key ring reload from the database, so refusals are what
 * must be bounded. Refusals are logged once per address per window, not each one.
 */
export class RtspAddressLimits {
  private readonly open = new Map<string, number>();
  private readonly refusals: RateWindows;
  /** Addresses over the refusal limit here, until their window ends. */
  private readonly blocked = new Map<string, number>();

  constructor(
    store: RateWindowStore,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {
    this.refusals = store.windows('rtsp-refusals-per-address', RTSP_REFUSALS.windowMs);
  }

  /** Counts a new connection from `address`; false if it must be refused (too many open, or refused too often). */
  admit(address: string): boolean {
    const until = this.blocked.get(address);
    if (until !== undefined) {
      if (this.now() < until) return false;
      this.blocked.delete(address);
    }
    const count = this.open.get(address) ?? 0;
    if (count >= MAX_CONNECTIONS_PER_ADDRESS) return false;
    this.open.set(address, count + 1);
    return true;
  }

  /** A connection `admit` let in has closed. */
  release(address: string): void {
    const count = (this.open.get(address) ?? 1) - 1;
    if (count <= 0) this.open.delete(address);
    else this.open.set(address, count);
  }

  /** A request from `address` was refused with `status`: counted, and logged if it is the window's first. */
  refused(address: string, status: number, reason: string): void {
    const at = this.now();
    const counted = this.refusals.hit(address, at);
    const record = (window: Window) => {
      if (window.count === 1)
        this.log.info(
          { remote: address, status, reason },
          'RTSP request refused (further refusals from this address are not logged in this window)',
        );
      if (window.count <= RTSP_REFUSALS.max) return;
      if (window.count === RTSP_REFUSALS.max + 1)
        this.log.warn({ remote: address }, 'RTSP address refused too often: its connections are cut off for now');
      if (this.blocked.size >= MAX_BLOCKED) this.blocked.delete(this.blocked.keys().next().value!);
      this.blocked.set(address, window.endsAt);
    };
    // A count in Redis is awaited (it never rejects: it falls back to this process).
    if (counted instanceof Promise) void counted.then(record, () => undefined);
    else record(counted);
  }
}
