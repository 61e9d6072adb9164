import type { Priority } from '@argus/contracts/realtime/envelope';
import type { Channel, EventType } from '@argus/contracts/realtime/protocol';

/**
 * What a service announces once its transaction has committed: an event name, the channels
 * whose subscribers may see it, and the contract-shaped data. Publishing never waits on the
 * network (docs/decisions/0019-nothing-slow-on-the-write-path.md): the realtime hub numbers and fans out
 * events on its own time.
 */
export interface OperationalEvent {
  type: EventType;
  channels: Channel[];
  data: unknown;
  priority?: Priority;
}

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
