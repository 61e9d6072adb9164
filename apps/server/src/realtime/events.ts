import type { Priority } from '@argus/contracts/realtime/envelope';
import type { EventType, TypedEvent } from '@argus/contracts/realtime/events';
import type { Channel } from '@argus/contracts/realtime/protocol';

/** Where an event goes and how urgent it is, besides its type and data. */
export interface EventRouting {
  channels: Channel[];
  priority?: Priority;
  /**
   * The event's stable id (its frames' messageId), given by the outbox row that keeps it
   * (outbox.ts); the backplane publishes one id once, however often it is handed over.
   */
  id?: string;
}

/**
 * What a service announces once its transaction has committed: an event name, the channels
 * whose subscribers may see it, and the data, typed by the event map of contracts
 * (realtime/events.ts): an event whose data is not its type's does not compile, and a listener
 * that switches on `type` gets typed data. The check is the compiler's only; nothing is parsed
 * at run time on this path. Publishing never waits on the network
 * (docs/decisions/0019-nothing-slow-on-the-write-path.md): the realtime hub numbers and fans out
 * events on its own time.
 */
export type OperationalEvent<T extends EventType = EventType> = TypedEvent<EventRouting, T>;

export interface EventPublisher {
  publish(event: OperationalEvent): void;
}

type Listener = (event: OperationalEvent) => void;

/** Outbox event ids remembered, so a hand-over of an event already heard reaches only the hub. */
const SEEN_IDS = 50_000;

/**
 * The in-process event bus: services publish, the realtime hub (and anything else) listens. An
 * event with an outbox id (docs/decisions/0053-an-outbox-for-every-event.md) may be handed over
 * again by the relay when its row was not marked in time; listeners hear it once (a report counted
 * twice would fake a burst), except those that asked for `handOvers`: the realtime hub, whose
 * backplane publishes an id once and may need the second try when the first did not reach it.
 */
export class EventBus implements EventPublisher {
  private readonly listeners = new Map<Listener, { handOvers: boolean }>();
  private readonly seen = new Set<string>();

  publish(event: OperationalEvent): void {
    const again = event.id !== undefined && this.seen.has(event.id);
    if (event.id !== undefined && !again) {
      this.seen.add(event.id);
      if (this.seen.size > SEEN_IDS) this.seen.delete(this.seen.values().next().value!);
    }
    for (const [listener, options] of this.listeners) if (!again || options.handOvers) listener(event);
  }

  listen(listener: Listener, options: { handOvers?: boolean } = {}): () => void {
    this.listeners.set(listener, { handOvers: options.handOvers ?? false });
    return () => this.listeners.delete(listener);
  }
}

/** An event and what it announces (the outbox row's key: a retried request finds its own rows by it). */
export interface KeyedEvent {
  event: OperationalEvent;
  key: string | null;
}

/**
 * Events gathered inside a transaction, stored in the outbox at its end and published once it
 * commits (`DurableEvents.transaction`, docs/decisions/0070-every-event-through-the-outbox.md).
 * `keyed` gives a view that files what it adds under a key, e.g. a field action's clientId; a
 * retried request that finds its work done asks, with `ensurePublished`, that what its first try
 * stored goes out.
 */
export class PendingEvents {
  private constructor(
    private readonly entries: KeyedEvent[],
    private readonly retried: Set<string>,
    private readonly key: string | null,
  ) {}

  static create(): PendingEvents {
    return new PendingEvents([], new Set(), null);
  }

  add(event: OperationalEvent): void {
    this.entries.push({ event, key: this.key });
  }

  /** The same gathering, filing what is added through it under `key`. */
  keyed(key: string): PendingEvents {
    return new PendingEvents(this.entries, this.retried, key);
  }

  /** After the commit, whatever was stored under `key` and is still unpublished goes out. */
  ensurePublished(key: string): void {
    this.retried.add(key);
  }

  /** Empties the gathering: its events and the keys retried requests asked for. */
  take(): { events: KeyedEvent[]; retried: string[] } {
    const taken = { events: this.entries.splice(0), retried: [...this.retried] };
    this.retried.clear();
    return taken;
  }
}
