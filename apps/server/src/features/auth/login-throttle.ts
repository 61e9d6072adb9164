import { PASSWORD_POLICY } from '@argus/contracts/constants';
import type { Clock } from '../../lib/clock';
import type { ThrottleLimit, ThrottleRepository } from './throttle.repository';

/**
 * docs/decisions/0005-password-policy-enforced.md: five failures lock an account for 15 minutes, and a source
 * address is throttled after its own (higher) count, since many field units
 * share one carrier address. Unknown emails are counted exactly like known ones,
 * so the lockout answer reveals nothing about which accounts exist.
 *
 * An attempt is counted before its password is checked (`reserve`), so a burst of
 * simultaneous guesses gets no more checks than the limits allow. The counters live in
 * the database every server process shares, not in memory or Redis, so processes
 * behind one load balancer count together and one store decides.
 */
export class LoginThrottle {
  constructor(
    private readonly repository: ThrottleRepository,
    private readonly clock: Clock,
    private readonly addressMaxFailures: number,
  ) {}

  /** Counts an attempt against the account and the address; false when either is locked or spent. */
  reserve(email: string, ip: string): Promise<boolean> {
    return this.repository.reserve(this.limits(email, ip), this.clock.now(), PASSWORD_POLICY.lockoutMs);
  }

  /** After a wrong password: locks what has used its attempts; answers whether the account or the address is locked. */
  async recordFailure(email: string, ip: string): Promise<boolean> {
    const lockedUntil = this.clock.now() + PASSWORD_POLICY.lockoutMs;
    const locked = await Promise.all(this.limits(email, ip).map((limit) => this.repository.lockIfSpent(limit, lockedUntil)));
    return locked.includes(true);
  }

  /** After the right password: the account starts afresh and the address gets its attempt back. */
  async recordSuccess(email: string, ip: string): Promise<void> {
    await Promise.all([this.repository.clear(emailKey(email)), this.repository.release(ipKey(ip))]);
  }

  /** The account first, always: reservations take their row locks in this order. */
  private limits(email: string, ip: string): ThrottleLimit[] {
    return [
      { key: emailKey(email), max: PASSWORD_POLICY.maxLoginAttempts },
      { key: ipKey(ip), max: this.addressMaxFailures },
    ];
  }
}

const emailKey = (email: string) => `email:${email}`;
const ipKey = (ip: string) => `ip:${ip}`;
