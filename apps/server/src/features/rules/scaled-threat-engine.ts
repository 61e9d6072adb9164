import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Clock } from '../../lib/clock';
import type { EventBus, OperationalEvent } from '../../realtime/events';
import type { AlertsService } from '../alerts/alerts.service';
import type { EngineCursor } from './engine-cursor';
import { RedisLeadership } from './engine-leadership';
import { EngineRelay } from './engine-relay';
import type { RulesRepository } from './rules.repository';
import { engineHears, ThreatEngine, type ErrorSink, type ThreatEngineOptions } from './threat-engine';

export interface ScaleOutOptions {
  redisUrl: string;
  /** Prefixes the lock key and the relay topic (REDIS_KEY_PREFIX). */
  keyPrefix: string;
  /** How long the lock outlives its last renewal; a dead leader is replaced within about this. */
  leaseMs: number;
  renewMs: number;
}

/** Lease and renewal in production: a dead leader is replaced within about six seconds. */
export const ENGINE_LEASE = { leaseMs: 5_000, renewMs: 1_000 } as const;

/**
 * The rules engine when several server processes share one Redis (REDIS_URL): every process
 * campaigns for one lock (engine-leadership.ts) and only the holder runs an engine, so each
 * alert is raised once. Processes that do not lead relay the events the engine evaluates to the
 * leader (engine-relay.ts). A process that becomes leader builds a fresh engine from the
 * database, as a restart does, so nothing already raised is raised again; one that loses the
 * lock drops its engine.
 */
export class ScaledThreatEngine {
  private readonly origin = randomUUID();
  private readonly redisUrl: string;
  private readonly lockRedis: Redis;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly relay: EngineRelay;
  private readonly leadership: RedisLeadership;
  private engine: ThreatEngine | null = null;
  /** Starting and stopping engines one after another, so an election never races a deposition. */
  private transitions: Promise<void> = Promise.resolve();
  private stopLocal: (() => void) | undefined;
  private stopping = false;
  private onError: ErrorSink = (error, context) => console.error(context, error);

  constructor(
    private readonly rules: RulesRepository,
    private readonly alerts: AlertsService,
    private readonly events: EventBus,
    private readonly clock: Clock,
    private readonly options: ThreatEngineOptions,
    scaleOut: ScaleOutOptions,
    private readonly cursor: EngineCursor | null = null,
  ) {
    this.redisUrl = scaleOut.redisUrl;
    const report = (context: string) => (error: unknown) => this.onError(error, context);
    // The lock must fail fast when Redis is away (a queued renewal would answer too late to count).
    this.lockRedis = new Redis(scaleOut.redisUrl, { lazyConnect: true, enableOfflineQueue: false });
    this.publisher = new Redis(scaleOut.redisUrl, { lazyConnect: true });
    this.subscriber = new Redis(scaleOut.redisUrl, { lazyConnect: true });
    this.lockRedis.on('error', report('redis (rules engine lock)'));
    this.publisher.on('error', report('redis (rules engine relay)'));
    this.subscriber.on('error', report('redis (rules engine relay subscriber)'));
    this.relay = new EngineRelay(
      this.publisher,
      this.subscriber,
      `${scaleOut.keyPrefix}rules-engine:events`,
      this.origin,
      (error, context) => this.onError(error, context),
    );
    this.leadership = new RedisLeadership(
      this.lockRedis,
      { key: `${scaleOut.keyPrefix}rules-engine:leader`, token: this.origin, ttlMs: scaleOut.leaseMs, renewMs: scaleOut.renewMs },
      {
        elected: () => this.transition(() => this.lead()),
        deposed: () => this.transition(() => this.standBy()),
        error: (error, context) => this.onError(error, context),
      },
    );
  }

  /** True while this process runs the engine. */
  get isLeader(): boolean {
    return this.engine !== null;
  }

  async start(onError: ErrorSink): Promise<void> {
    this.onError = onError;
    try {
      await Promise.all([this.lockRedis.connect(), this.publisher.connect(), this.subscriber.connect()]);
    } catch (error) {
      [this.lockRedis, this.publisher, this.subscriber].forEach((redis) => redis.disconnect());
      // Name the host only: the URL may hold a password.
      const { host } = new URL(this.redisUrl);
      throw new Error(`Redis did not answer at ${host} (REDIS_URL): the rules engine cannot tell which process leads.`, { cause: error });
    }
    await this.relay.start();
    // While this process does not lead, what it writes goes to the leader.
    this.stopLocal = this.events.listen((event) => {
      if (!this.engine && engineHears(event)) this.relay.sendEvent(event);
    });
    await this.leadership.start();
    await this.transitions;
  }

  /**
   * The first step of a shutdown (docs/decisions/0047-health-shutdown-and-built-starts.md): a
   * leader hands the engine over at once, finishing and writing what it heard before it frees the
   * lock, instead of holding it while its last requests drain. The process stops campaigning but
   * keeps relaying what those requests write to whichever process leads next.
   */
  async stepDown(): Promise<void> {
    this.stopping = true;
    await this.transition(() => this.standBy());
    await this.leadership.stop({ release: true });
  }

  /**
   * Shutting down: the engine finishes what it heard and writes it, and only then is the lock
   * released, so the next leader reads a database that holds all of it.
   */
  async stop({ release = true } = {}): Promise<void> {
    this.stopping = true;
    this.stopLocal?.();
    await this.transition(() => this.standBy());
    await this.leadership.stop({ release });
    await Promise.all([this.lockRedis, this.publisher, this.subscriber].map((redis) => redis.quit().catch(() => undefined)));
  }

  idle(): Promise<void> {
    return this.transitions.then(() => this.engine?.idle());
  }

  tick(): Promise<void> {
    return this.transitions.then(() => this.engine?.tick());
  }

  /** Rule parameters changed through this process: the leader, wherever it is, reloads them. */
  async reloadRules(): Promise<void> {
    if (this.engine) await this.engine.reloadRules();
    else this.relay.sendRulesChanged();
  }

  private transition(step: () => Promise<void>): Promise<void> {
    this.transitions = this.transitions.then(step).catch((error: unknown) => this.onError(error, 'changing rules engine leadership'));
    return this.transitions;
  }

  private async lead(): Promise<void> {
    if (this.engine || this.stopping || !this.leadership.isLeader) return;
    const relayed = new Set<(event: OperationalEvent) => void>();
    const source = {
      listen: (listener: (event: OperationalEvent) => void) => {
        relayed.add(listener);
        const stopBus = this.events.listen(listener);
        return () => {
          relayed.delete(listener);
          stopBus();
        };
      },
    };
    const engine = new ThreatEngine(this.rules, this.alerts, source, this.clock, this.options, this.cursor);
    this.relay.listen({
      event: (event) => relayed.forEach((listener) => listener(event)),
      rulesChanged: () => void engine.reloadRules().catch((error: unknown) => this.onError(error, 'reloading rules')),
    });
    try {
      await engine.start(this.onError);
    } catch (error) {
      // Holding the lock without an engine would leave every process without one.
      this.relay.listen(null);
      await this.leadership.resign();
      throw error;
    }
    this.engine = engine;
  }

  private async standBy(): Promise<void> {
    const engine = this.engine;
    this.engine = null;
    this.relay.listen(null);
    await engine?.stop();
  }
}
