import type { Redis } from 'ioredis';

/**
 * Which server process runs the rules engine when several share one Redis: the one holding a
 * lock key (SET NX PX with its own token), renewed every `renewMs` while it lives. The others
 * try to take the key at the same pace, so when the leader dies its key expires and another
 * takes over within `ttlMs + renewMs`; a leader shutting down deletes its key and hands over at
 * once. Renewing and releasing check the token first, so a process never extends or frees a key
 * another has taken since.
 */
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

export interface LeadershipOptions {
  key: string;
  /** This process's token, stored as the key's value while it leads. */
  token: string;
  ttlMs: number;
  renewMs: number;
}

export interface LeadershipEvents {
  /** This process now holds the key. */
  elected(): void;
  /** It no longer does (the key was taken over, or could not be renewed before it expired). */
  deposed(): void;
  error(error: unknown, context: string): void;
}

export class RedisLeadership {
  private leading = false;
  /** When the last successful renewal (or the taking) was sent: the key lives at least ttlMs from then. */
  private heldSince = 0;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly options: LeadershipOptions,
    private readonly on: LeadershipEvents,
  ) {}

  get isLeader(): boolean {
    return this.leading;
  }

  /** Tries at once, then every renewMs. */
  start(): Promise<void> {
    this.timer = setInterval(() => void this.step(), this.options.renewMs);
    return this.step();
  }

  /**
   * Stops campaigning. A process shutting down releases the key so another takes over at once;
   * with `release: false` it is left to expire, as when a process dies.
   */
  async stop({ release = true } = {}): Promise<void> {
    clearInterval(this.timer);
    await this.inFlight;
    if (!this.leading) return;
    this.leading = false;
    if (release)
      await this.redis
        .eval(RELEASE, 1, this.options.key, this.options.token)
        .catch((error: unknown) => this.on.error(error, 'releasing the rules engine lock'));
  }

  /** Gives the key up but keeps campaigning: a leader that could not start lets another (or itself, later) try. */
  async resign(): Promise<void> {
    await this.inFlight;
    if (!this.leading) return;
    this.leading = false;
    await this.redis
      .eval(RELEASE, 1, this.options.key, this.options.token)
      .catch((error: unknown) => this.on.error(error, 'releasing the rules engine lock'));
  }

  /** One renewal or one attempt at a time, even when Redis is slow to answer. */
  private step(): Promise<void> {
    // Unrenewed for so long that the key may expire before the next turn: another process may
    // lead by then, so stand down first (whether or not Redis ever answers).
    if (this.leading && Date.now() - this.heldSince >= this.options.ttlMs - this.options.renewMs) this.depose();
    this.inFlight ??= (this.leading ? this.renew() : this.campaign()).finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async campaign(): Promise<void> {
    const sentAt = Date.now();
    try {
      const taken = await this.redis.set(this.options.key, this.options.token, 'PX', this.options.ttlMs, 'NX');
      if (taken !== 'OK') return;
      this.leading = true;
      this.heldSince = sentAt;
      this.on.elected();
    } catch (error) {
      this.on.error(error, 'trying to take the rules engine lock');
    }
  }

  private async renew(): Promise<void> {
    const sentAt = Date.now();
    try {
      const kept = await this.redis.eval(RENEW, 1, this.options.key, this.options.token, this.options.ttlMs);
      if (!this.leading) return;
      if (kept === 1) this.heldSince = sentAt;
      else this.depose();
    } catch (error) {
      this.on.error(error, 'renewing the rules engine lock');
    }
  }

  private depose(): void {
    this.leading = false;
    this.on.deposed();
  }
}
