import type { Priority } from '@argus/contracts/realtime/envelope';
import type { EventType, TypedEvent } from '@argus/contracts/realtime/events';
import type { Channel } from '@argus/contracts/realtime/protocol';

/** Where an event goes and how urgent it is, besides its type and data. */
export interface EventRouting {
  channels: Channel[];
  priority?: Priority;
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

/** The in-process event bus: services publish, the realtime hub (and anything else) listens. */
export class EventBus implements EventPublisher {
  private readonly listeners = new Set<Listener>();

  publish(event: OperationalEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  listen(listener: Listener): () => void {
    this.listeners.add(listener);
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
