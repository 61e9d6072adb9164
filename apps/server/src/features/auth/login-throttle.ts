import { PASSWORD_POLICY } from '@argus/contracts/constants';
import type { Clock } from '../../lib/clock';
import type { ThrottleRepository } from './throttle.repository';

/**
 * DESIGN decision 5: five failures lock an account for 15 minutes, and a source
 * address is throttled after its own (higher) count, since many field units
 * share one carrier address. Unknown emails are counted exactly like known ones,
 * so the lockout answer reveals nothing about which accounts exist.
 */
export class LoginThrottle {
  constructor(
    private readonly repository: ThrottleRepository,
    private readonly clock: Clock,
    private readonly addressMaxFailures: number,
  ) {}

  async isLocked(email: string, ip: string): Promise<boolean> {
    const now = this.clock.now();
    const rows = await Promise.all([this.repository.find(emailKey(email)), this.repository.find(ipKey(ip))]);
    return rows.some((row) => row?.locked_until != null && row.locked_until > now);
  }

  /** Counts a failure; answers whether it just locked the account or the address. */
  async recordFailure(email: string, ip: string): Promise<boolean> {
    const [account, address] = await Promise.all([
      this.bump(emailKey(email), PASSWORD_POLICY.maxLoginAttempts),
      this.bump(ipKey(ip), this.addressMaxFailures),
    ]);
    return account || address;
  }

  async recordSuccess(email: string): Promise<void> {
    await this.repository.clear(emailKey(email));
  }

  private async bump(key: string, max: number): Promise<boolean> {
    const now = this.clock.now();
    const row = await this.repository.find(key);
    const windowOpen = row != null && now - row.window_started_at < PASSWORD_POLICY.lockoutMs;
    const lockExpired = row?.locked_until != null && row.locked_until <= now;
    const failures = windowOpen && !lockExpired ? row.failures + 1 : 1;
    const lockedUntil = failures >= max ? now + PASSWORD_POLICY.lockoutMs : null;
    await this.repository.save({
      key,
      failures,
      window_started_at: windowOpen && !lockExpired ? row.window_started_at : now,
      locked_until: lockedUntil,
    });
    return lockedUntil != null;
  }
}

const emailKey = (email: string) => `email:${email}`;
const ipKey = (ip: string) => `ip:${ip}`;
