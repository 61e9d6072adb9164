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

/** Events gathered inside a transaction, published only after it commits. */
export class PendingEvents {
  private readonly events: OperationalEvent[] = [];

  add(event: OperationalEvent): void {
    this.events.push(event);
  }

  publishTo(publisher: EventPublisher): void {
    for (const event of this.events.splice(0)) publisher.publish(event);
  }
}
