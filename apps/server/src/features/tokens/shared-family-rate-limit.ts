import { Redis } from 'ioredis';
import { TOKENS } from '@argus/contracts/constants';
import { FamilyRateLimit } from './family-rate-limit';

/**
 * One atomic step per grant: count it and, for the first in a window, start the window. INCR and
 * PEXPIRE in one script, so two nodes counting at once can neither lose a count nor leave a
 * counter that never expires.
 */
const COUNT_IN_WINDOW = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/**
 * The refresh-family limit (family-rate-limit.ts) counted in Redis when REDIS_URL is set, so N
 * nodes grant a family its budget once, not N times (docs/decisions/0052-backups-and-shared-state.md).
 */
export class SharedFamilyRateLimit {
  private readonly redis: Redis;
  /** Counts in this process while Redis does not answer: a refresh must not fail because Redis is down. */
  private readonly local: FamilyRateLimit;

  constructor(
    redisUrl: string,
    private readonly keyPrefix: string,
    private readonly max: number = TOKENS.refreshPerFamily.max,
    private readonly windowMs: number = TOKENS.refreshPerFamily.windowMs,
  ) {
    // A short wait, not ioredis's retries: the grant falls back to this process's count instead.
    this.redis = new Redis(redisUrl, { lazyConnect: true, commandTimeout: 1_000, maxRetriesPerRequest: 1 });
    this.redis.on('error', () => undefined);
    this.local = new FamilyRateLimit(max, windowMs);
  }

  /** Counts one grant; false when the family has used its budget for this window. */
  async take(family: string, now: number = Date.now()): Promise<boolean> {
    try {
      const count = (await this.redis.eval(COUNT_IN_WINDOW, 1, `${this.keyPrefix}refresh-family:${family}`, this.windowMs)) as number;
      return count <= this.max;
    } catch {
      return this.local.take(family, now);
    }
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
