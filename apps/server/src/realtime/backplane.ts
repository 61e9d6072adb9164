import type { Channel } from '@argus/contracts/realtime/protocol';
import type { Clock } from '../lib/clock';
import type { OperationalEvent } from './events';
import { eventHead, onChannel, type ChannelFrame } from './frames';
import { DEFAULT_REPLAY_LIMITS, ReplayLog, type Replay, type ReplayLimits } from './replay';

/**
 * Where events are numbered, kept for replay and handed to every server process's hub. The
 * in-process backplane is the default; `RedisBackplane` lets several processes share channels.
 */
export interface Backplane {
  /**
   * Numbers the event on each of its channels and keeps it. Nobody waits on the answer: it
   * settles once the event is kept (or was already, when an event with the same `id` came
   * first: docs/decisions/0053-an-outbox-for-every-event.md), and rejects when it could not be.
   */
  publish(event: OperationalEvent): Promise<void>;
  /** What a subscriber that last saw `since` missed on a channel (or from now on, when undefined). */
  read(channel: Channel, since: number | undefined): Promise<Replay>;
  /** Receives every numbered frame, in seq order per channel. */
  onFrames(listener: (frames: ChannelFrame[]) => void): void;
  /** Called when frames may have been lost in transit (a reconnect to Redis): subscribers catch up by seq. */
  onGap(listener: () => void): void;
  /** Connects; failures after that go to `onError`, since nothing waits on a publish. */
  start(onError: ErrorSink): Promise<void>;
  close(): Promise<void>;
}

export type ErrorSink = (error: unknown, context: string) => void;

const PRUNE_INTERVAL_MS = 60_000;

/** How long a published event's id is remembered, so the outbox's relay handing it over again publishes nothing. */
export const PUBLISHED_ID_TTL_MS = 60 * 60_000;

/** One process: numbering, replay and fan-out all in memory. */
export class LocalBackplane implements Backplane {
  private readonly log: ReplayLog;
  /** Ids of events published, with when: an outbox row handed over twice is numbered once. */
  private readonly published = new Map<string, number>();
  private listener: (frames: ChannelFrame[]) => void = () => undefined;
  private pruning: NodeJS.Timeout | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly origin: string,
    limits: ReplayLimits = DEFAULT_REPLAY_LIMITS,
  ) {
    this.log = new ReplayLog(limits);
  }

  async publish(event: OperationalEvent): Promise<void> {
    const at = this.clock.now();
    if (event.id !== undefined) {
      if (this.published.has(event.id)) return;
      this.published.set(event.id, at);
    }
    const head = eventHead(event, at, this.origin);
    const frames = [...new Set(event.channels)].map((channel) => this.log.append(channel, at, (seq) => onChannel(head, channel, seq)));
    this.listener(frames);
  }

  async read(channel: Channel, since: number | undefined): Promise<Replay> {
    return this.log.read(channel, since, this.clock.now());
  }

  onFrames(listener: (frames: ChannelFrame[]) => void): void {
    this.listener = listener;
  }

  onGap(): void {
    // Nothing is ever in transit in one process.
  }

  async start(): Promise<void> {
    this.pruning = setInterval(() => this.prune(this.clock.now()), PRUNE_INTERVAL_MS).unref();
  }

  async close(): Promise<void> {
    clearInterval(this.pruning);
  }

  private prune(now: number): void {
    this.log.prune(now);
    // A Map iterates in insertion order, which is the order of publishing.
    for (const [id, at] of this.published) {
      if (at >= now - PUBLISHED_ID_TTL_MS) break;
      this.published.delete(id);
    }
  }
}
