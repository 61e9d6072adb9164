import { randomUUID } from 'node:crypto';
import type { Executor } from '../db/repository';
import type { Clock } from '../lib/clock';
import type { ErrorSink } from './backplane';
import type { EventPublisher, KeyedEvent, OperationalEvent } from './events';
import type { OutboxRepository, OutboxRow } from './outbox.repository';

/**
 * The outbox (docs/decisions/0053-an-outbox-for-every-event.md). A service stores its events in
 * the transaction of the change they announce (`store`) and, once committed, hands them to the
 * event bus at once (`publish`: the fast path, as before). The realtime hub reports each event the
 * backplane kept (`published`), and its row is marked. A process that died between its commit
 * and that mark leaves the row unpublished: every process's relay hands such rows over once they
 * are older than `graceMs`, under a lease so two processes do not both take them, and the
 * backplane numbers an event id only once, so a row handed over twice is still seen once. A
 * retried request that finds its work done hands over its own rows at once (`ensurePublished`).
 */
export interface OutboxOptions {
  /** How old an unpublished row must be before the relay takes it from the fast path. */
  graceMs: number;
  /** How long a process that claimed rows has to publish them before another may. */
  leaseMs: number;
  /** How often the relay looks. */
  intervalMs: number;
  /** How long published rows are kept. */
  retentionMs: number;
  /** Rows claimed at a time. */
  batch: number;
}

export const DEFAULT_OUTBOX_OPTIONS: OutboxOptions = {
  graceMs: 5_000,
  leaseMs: 15_000,
  intervalMs: 1_000,
  retentionMs: 15 * 60_000,
  batch: 500,
};

const PRUNE_EVERY_MS = 60_000;

export class Outbox {
  private readonly options: OutboxOptions;
  private marks: string[] = [];
  private marking: Promise<void> | null = null;
  private relaying: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;
  private lastPrune = 0;
  private onError: ErrorSink = (error, context) => console.error(context, error);

  constructor(
    private readonly rows: OutboxRepository,
    private readonly bus: EventPublisher,
    private readonly clock: Clock,
    options: Partial<OutboxOptions> = {},
  ) {
    this.options = { ...DEFAULT_OUTBOX_OPTIONS, ...options };
  }

  /** Writes the events in the caller's transaction; answers them with their ids, to `publish` once it has committed. */
  store(trx: Executor, events: readonly OperationalEvent[], key: string | null = null): Promise<OperationalEvent[]> {
    return this.storeKeyed(
      trx,
      events.map((event) => ({ event, key })),
    );
  }

  /** As `store`, each event filed under its own key (several field actions committed together). */
  async storeKeyed(trx: Executor, entries: readonly KeyedEvent[]): Promise<OperationalEvent[]> {
    const now = this.clock.now();
    const stored = entries.map(({ event, key }) => ({ event: { ...event, id: randomUUID() }, key }));
    await this.rows.insert(
      trx,
      stored.map(({ event: { id, ...event }, key }) => ({ event_id: id, key, event: JSON.stringify(event), created_at: now })),
    );
    return stored.map(({ event }) => event);
  }

  /** The fast path, after the commit: the events go out now; their rows are marked when the backplane has kept them. */
  publish(events: readonly OperationalEvent[]): void {
    for (const event of events) this.bus.publish(event);
  }

  /** The backplane kept this event: its row is marked published, a few at a time. */
  published(eventId: string): void {
    this.marks.push(eventId);
    if (!this.marking) this.marking = new Promise((resolve) => setImmediate(resolve)).then(() => this.markAll());
  }

  /** A retried request that found its work done: whatever it announced and is still unpublished goes out now. */
  async ensurePublished(key: string): Promise<void> {
    const now = this.clock.now();
    this.handOver(
      await this.rows.claim({ now, createdBefore: now, leaseUntil: now + this.options.leaseMs, limit: this.options.batch, key }),
    );
  }

  /** One pass of the relay: hands over rows left unpublished past the grace period; answers how many. */
  async relay(): Promise<number> {
    const now = this.clock.now();
    const { graceMs, leaseMs, batch } = this.options;
    const rows = await this.rows.claim({ now, createdBefore: now - graceMs, leaseUntil: now + leaseMs, limit: batch });
    this.handOver(rows);
    if (now - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = now;
      await this.rows.prune(now - this.options.retentionMs);
    }
    return rows.length;
  }

  /** Relays at once (what the last process left behind) and then every `intervalMs`. */
  start(onError: ErrorSink): void {
    this.onError = onError;
    this.tick();
    this.timer = setInterval(() => this.tick(), this.options.intervalMs).unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.relaying;
    await this.marking;
  }

  private tick(): void {
    if (this.relaying) return;
    this.relaying = this.relay()
      .then(
        () => undefined,
        (error: unknown) => this.onError(error, 'relaying the outbox'),
      )
      .finally(() => (this.relaying = null));
  }

  private handOver(rows: readonly OutboxRow[]): void {
    // Most passes find nothing: they hand nothing over rather than an empty batch.
    if (rows.length === 0) return;
    this.publish(rows.map((row) => ({ ...(JSON.parse(row.event) as OperationalEvent), id: row.event_id })));
  }

  private async markAll(): Promise<void> {
    try {
      while (this.marks.length > 0) {
        const ids = this.marks.splice(0, this.options.batch);
        // A mark that fails leaves the row for the relay, whose hand-over the backplane then ignores.
        await this.rows
          .markPublished(ids, this.clock.now())
          .catch((error: unknown) => this.onError(error, 'marking outbox rows published'));
      }
    } finally {
      this.marking = null;
    }
  }
}
