import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { Channel } from '@argus/contracts/realtime/protocol';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import { LocalBackplane, type Backplane, type ErrorSink } from './backplane';
import type { FieldScope, Viewer } from './channel-access';
import { CLOSE_CODES, Connection, type HubLink, type SocketIdentity, type Transport } from './connection';
import type { EventBus } from './events';
import { FieldScopeRepository } from './field-scope.repository';
import type { ChannelFrame } from './frames';
import type { Replay } from './replay';
import { RedisBackplane } from './redis-backplane';

/**
 * The realtime hub of one server process: it hands every event the services publish to the
 * backplane (which numbers and keeps it), and fans the numbered frames out to the sockets
 * subscribed to their channels. Each frame is turned into bytes once and the same bytes go to
 * every socket. Fan-out runs after the publishing request has moved on (nothing slow on
 * the write path: docs/decisions/0019-nothing-slow-on-the-write-path.md).
 */
export interface HubLimits {
  /** Ping every socket this often; one that has not answered the previous ping is dropped. */
  heartbeatMs: number;
  /** Ask again this often whether each socket's session still stands, and what it may see. */
  sessionCheckMs: number;
  /** A socket with more than this waiting to be sent is dropped; it resumes when it reconnects. */
  maxBufferedBytes: number;
}

export const DEFAULT_HUB_LIMITS: HubLimits = { heartbeatMs: 30_000, sessionCheckMs: 30_000, maxBufferedBytes: 4 * 1024 * 1024 };

export interface RealtimeHubOptions {
  events: EventBus;
  backplane: Backplane;
  fieldScope: FieldScopeRepository;
  clock: Clock;
  /** Names this process in every frame's `origin`. */
  origin: string;
  limits?: Partial<HubLimits>;
}

export class RealtimeHub implements HubLink {
  readonly heartbeatMs: number;
  readonly maxBufferedBytes: number;
  readonly origin: string;
  private readonly sessionCheckMs: number;
  private readonly connections = new Set<Connection>();
  private readonly subscribers = new Map<Channel, Set<Connection>>();
  private queue: ChannelFrame[] = [];
  private flushScheduled = false;
  private stopListening: (() => void) | undefined;
  private timers: NodeJS.Timeout[] = [];
  private errorSink: ErrorSink = (error, context) => console.error(context, error);
  private readonly deliveryListeners = new Set<(frame: ChannelFrame) => void>();
  private readonly publishedListeners = new Set<(eventId: string) => void>();

  constructor(private readonly options: RealtimeHubOptions) {
    const limits = { ...DEFAULT_HUB_LIMITS, ...options.limits };
    this.heartbeatMs = limits.heartbeatMs;
    this.sessionCheckMs = limits.sessionCheckMs;
    this.maxBufferedBytes = limits.maxBufferedBytes;
    this.origin = options.origin;
  }

  now(): number {
    return this.options.clock.now();
  }

  async start(onError: ErrorSink): Promise<void> {
    this.errorSink = onError;
    const { backplane, events } = this.options;
    backplane.onFrames((frames) => this.enqueue(frames));
    backplane.onGap(() => this.connections.forEach((connection) => connection.resync()));
    await backplane.start(onError);
    // Hand-overs too: the backplane publishes an outbox id once, and the first try may have failed.
    this.stopListening = events.listen(
      (event) => {
        backplane.publish(event).then(
          () => {
            if (event.id !== undefined) for (const listener of this.publishedListeners) listener(event.id);
          },
          (error: unknown) => this.onError(error, `publishing ${event.type}`),
        );
      },
      { handOvers: true },
    );
    this.timers = [
      setInterval(() => this.heartbeat(), this.heartbeatMs).unref(),
      setInterval(() => void this.checkSessions(), this.sessionCheckMs).unref(),
    ];
  }

  /** Says goodbye to every socket (1001, going away), so clients reconnect elsewhere or later and resume. */
  disconnectAll(): void {
    for (const connection of this.connections) connection.close(CLOSE_CODES.goingAway, 'The server is shutting down.');
  }

  async close(): Promise<void> {
    this.stopListening?.();
    this.timers.forEach(clearInterval);
    this.disconnectAll();
    await this.options.backplane.close();
  }

  /** Takes over an upgraded socket (and the TCP socket under it) whose identity the route has established. */
  attach(socket: WebSocket, transport: Transport, identity: SocketIdentity): void {
    this.connections.add(new Connection(socket, transport, identity, this));
  }

  /** Pings every socket; one that has not answered the previous ping is dropped. */
  heartbeat(): void {
    this.connections.forEach((connection) => connection.ping());
  }

  /**
   * Closes sockets whose session has ended or now stands for someone else, and withdraws
   * channels their viewer may no longer see. One lookup per credential and one field scope per
   * user, however many sockets share them.
   */
  async checkSessions(): Promise<void> {
    const viewers = new Map<string, Promise<Viewer | null | 'unknown'>>();
    const scopes = new Map<string, Promise<FieldScope>>();
    const scopeOf = (userId: string) => {
      let scope = scopes.get(userId);
      if (!scope) scopes.set(userId, (scope = this.fieldScope(userId)));
      return scope;
    };
    await Promise.all(
      [...this.connections].map(async (connection) => {
        const { credential } = connection.identity;
        let lookup = viewers.get(credential);
        if (!lookup) {
          // A database that does not answer ends no session: the next check decides.
          lookup = connection.identity.recheck().catch((error: unknown) => {
            this.onError(error, 'checking a realtime session');
            return 'unknown' as const;
          });
          viewers.set(credential, lookup);
        }
        const viewer = await lookup;
        if (viewer === 'unknown') return;
        if (!viewer) return connection.close(CLOSE_CODES.sessionEnded, 'Your session has ended.');
        if (viewer.id !== connection.viewer.id || viewer.role !== connection.viewer.role) {
          return connection.close(CLOSE_CODES.identityChanged, 'This session now stands for another user.');
        }
        await connection.recheckChannels(scopeOf).catch((error: unknown) => this.onError(error, 'rechecking realtime channels'));
      }),
    );
  }

  /** Hears of each live frame once it has been written to the sockets subscribed to it (alert latency). */
  onDelivered(listener: (frame: ChannelFrame) => void): () => void {
    this.deliveryListeners.add(listener);
    return () => this.deliveryListeners.delete(listener);
  }

  /** Hears the id of each event with one once the backplane keeps it, so its outbox row is marked published. */
  onPublished(listener: (eventId: string) => void): () => void {
    this.publishedListeners.add(listener);
    return () => this.publishedListeners.delete(listener);
  }

  // ---- HubLink: what connections call ----

  read(channel: Channel, since: number | undefined): Promise<Replay> {
    return this.options.backplane.read(channel, since);
  }

  fieldScope(userId: string): Promise<FieldScope> {
    return this.options.fieldScope.forUser(userId);
  }

  index(connection: Connection, channel: Channel): void {
    let set = this.subscribers.get(channel);
    if (!set) this.subscribers.set(channel, (set = new Set()));
    set.add(connection);
  }

  unindex(connection: Connection, channel: Channel): void {
    const set = this.subscribers.get(channel);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) this.subscribers.delete(channel);
  }

  detach(connection: Connection): void {
    this.connections.delete(connection);
  }

  onError(error: unknown, context: string): void {
    this.errorSink(error, context);
  }

  private enqueue(frames: ChannelFrame[]): void {
    for (const frame of frames) this.queue.push(frame);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  /**
   * Sends everything queued since the last flush. Each socket gets its frames of the flush in one
   * write: under load the queue grows, batches grow with it, and the cost per frame falls.
   */
  private flush(): void {
    this.flushScheduled = false;
    const frames = this.queue;
    this.queue = [];
    const batched = new Set<Connection>();
    try {
      for (const frame of frames) {
        const sockets = this.subscribers.get(frame.channel);
        if (!sockets) continue;
        const bytes = Buffer.from(frame.text);
        for (const connection of sockets) {
          if (!batched.has(connection)) {
            // A socket refused here has been dropped, and with it its place in the index.
            if (!connection.beginBatch()) continue;
            batched.add(connection);
          }
          connection.deliver(frame, bytes);
        }
        for (const listener of this.deliveryListeners) listener(frame);
      }
    } finally {
      for (const connection of batched) connection.endBatch();
    }
  }
}

/** The hub for this process: in-process channels, or shared through Redis when a URL is configured. */
export function createRealtimeHub(
  config: Pick<Config, 'redisUrl' | 'redisKeyPrefix'>,
  db: Db,
  events: EventBus,
  clock: Clock,
): RealtimeHub {
  const origin = `argus-${randomBytes(4).toString('hex')}`;
  const backplane = config.redisUrl
    ? new RedisBackplane({ url: config.redisUrl, keyPrefix: config.redisKeyPrefix, clock, origin })
    : new LocalBackplane(clock, origin);
  return new RealtimeHub({ events, backplane, fieldScope: new FieldScopeRepository(db.kysely), clock, origin });
}
