import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { PendingEvents, type EventPublisher, type OperationalEvent } from './events';
import type { Outbox } from './outbox';

/** What runs a service's transaction: its repository (db/repository.ts). */
interface Transactor {
  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
}

/**
 * How services announce what they changed (docs/decisions/0070-every-event-through-the-outbox.md):
 * `transaction` runs the change, stores the events it gathered in the outbox in the same
 * transaction, and hands them to the bus once committed, so a death between commit and publish
 * delays an event and never loses it. `publish` is for the few events tied to no committed change
 * (the decision lists them), which go to the bus directly as before.
 */
export class DurableEvents implements EventPublisher {
  constructor(
    private readonly outbox: Outbox,
    private readonly bus: EventPublisher,
  ) {}

  async transaction<T>(on: Transactor, work: (trx: Transaction<Database>, pending: PendingEvents) => Promise<T>): Promise<T> {
    const pending = PendingEvents.create();
    let stored: OperationalEvent[] = [];
    let retried: string[] = [];
    const result = await on.transaction(async (trx) => {
      const value = await work(trx, pending);
      const taken = pending.take();
      stored = await this.outbox.storeKeyed(trx, taken.events);
      retried = taken.retried;
      return value;
    });
    this.outbox.publish(stored);
    // After the commit: on SQLite a claim inside the transaction would wait on its own writer.
    for (const key of retried) await this.outbox.ensurePublished(key);
    return result;
  }

  /** Stores events of a change written in the caller's own transaction; `publishStored` them once it commits. */
  store(trx: Transaction<Database>, events: readonly OperationalEvent[], key: string | null = null): Promise<OperationalEvent[]> {
    return this.outbox.store(trx, events, key);
  }

  publishStored(events: readonly OperationalEvent[]): void {
    this.outbox.publish(events);
  }

  ensurePublished(key: string): Promise<void> {
    return this.outbox.ensurePublished(key);
  }

  publish(event: OperationalEvent): void {
    this.bus.publish(event);
  }
}
