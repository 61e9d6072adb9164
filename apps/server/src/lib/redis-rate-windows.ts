import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { FixedWindows, type Window } from './fixed-windows';
import type { RateWindowStore, RateWindows } from './rate-windows';

/**
 * One atomic step per event: count it and, for the first in a window, start the window; then
 * say how long the window has left. INCR, PTTL and PEXPIRE in one script, so two processes
 * counting at once can neither lose a count nor leave a counter that never expires (a key found
 * without an expiry, whatever left it so, gets one).
 */
export const COUNT_IN_WINDOW = `
local count = redis.call('INCR', KEYS[1])
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  left = tonumber(ARGV[1])
  redis.call('PEXPIRE', KEYS[1], left)
end
return {count, left}`;

/**
 * After a count that failed on a connected Redis (it timed out: a stalled server, a connection that
 * hangs), counts stay in this process this long before Redis is asked again, so requests do not each
 * wait out the timeout.
 */
const AFTER_FAILURE_MS = 2_000;

type CountingRedis = Redis & { countInWindow(key: string, windowMs: number): Promise<[number, number]> };

/**
 * Every limit counted in Redis when REDIS_URL is set, so N server processes allow a limit once
 * between them, not N times (docs/decisions/0064-limits-and-previews-shared-between-processes.md).
 * While Redis does not answer, each limit counts in this process again, as it did with one
 * process, and a warning says so once per outage: a request must not fail, nor wait, because
 * Redis is down, and a limit counted per process still holds where none would.
 */
export class RedisRateWindows implements RateWindowStore {
  private readonly redis: CountingRedis;
  private log: FastifyBaseLogger | undefined;
  private outage = false;
  /** Real time (not the app's clock) until which Redis is not asked, after a failed count. */
  private skipUntil = 0;

  constructor(
    redisUrl: string,
    private readonly keyPrefix: string,
  ) {
    // No offline queue and a short timeout: while Redis is away a count falls back at once
    // instead of queueing behind the reconnection. Connected in start(), so services built
    // without a server (the CLI, tests) open nothing.
    this.redis = new Redis(redisUrl, {
      lazyConnect: true,
      enableOfflineQueue: false,
      commandTimeout: 1_000,
      maxRetriesPerRequest: 1,
    }) as CountingRedis;
    this.redis.on('error', () => undefined);
    this.redis.defineCommand('countInWindow', { numberOfKeys: 1, lua: COUNT_IN_WINDOW });
  }

  windows(name: string, windowMs: number): RateWindows {
    const local = new FixedWindows(windowMs);
    const prefix = `${this.keyPrefix}${name}:`;
    return { hit: (key, now) => this.hit(`${prefix}${key}`, windowMs, now, () => local.hit(key, now)) };
  }

  async start(log: FastifyBaseLogger): Promise<void> {
    this.log = log;
    // ioredis keeps reconnecting after a failed first attempt; until it succeeds, limits count here.
    await this.redis.connect().catch((error: unknown) => this.noteOutage(error));
  }

  async close(): Promise<void> {
    // Never connected, or still trying: stop trying. Connected: let the last counts finish.
    if (this.redis.status !== 'ready') return this.redis.disconnect();
    await this.redis.quit().catch(() => undefined);
  }

  private async hit(key: string, windowMs: number, now: number, inProcess: () => Window): Promise<Window> {
    if (this.redis.status !== 'ready') {
      this.noteOutage(new Error(`Redis is ${this.redis.status}`));
      return inProcess();
    }
    if (performance.now() < this.skipUntil) return inProcess();
    try {
      const [count, left] = await this.redis.countInWindow(key, windowMs);
      if (this.outage) {
        this.outage = false;
        this.log?.info('rate limits: counted in Redis again, shared by every server process');
      }
      return { count, endsAt: now + left };
    } catch (error) {
      this.skipUntil = performance.now() + AFTER_FAILURE_MS;
      this.noteOutage(error);
      return inProcess();
    }
  }

  /** Warns once per outage, not once per request. */
  private noteOutage(error: unknown): void {
    if (this.outage || !this.log) return;
    this.outage = true;
    this.log.warn({ err: error }, 'rate limits: Redis does not answer; counting in this process until it does');
  }
}
