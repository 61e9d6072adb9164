import type { Redis } from 'ioredis';
import type { OperationalEvent } from '../../realtime/events';

/**
 * Carries what the rules engine needs between server processes over one Redis pub/sub topic:
 * the events it evaluates (written through a process that does not lead) and word that the rule
 * parameters changed. Pub/sub keeps nothing: what is said while no process leads (a takeover)
 * is not heard, and the new leader starts from what the database holds, as after a restart.
 */
type RelayMessage = { origin: string; event: OperationalEvent } | { origin: string; rulesChanged: true };

export interface RelayListener {
  event(event: OperationalEvent): void;
  rulesChanged(): void;
}

export class EngineRelay {
  private listener: RelayListener | null = null;

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly topic: string,
    private readonly origin: string,
    private readonly onError: (error: unknown, context: string) => void,
  ) {
    this.subscriber.on('message', (channel: string, text: string) => {
      if (channel === this.topic) this.receive(text);
    });
  }

  async start(): Promise<void> {
    await this.subscriber.subscribe(this.topic);
  }

  /** Only the leading process needs to hear; the others may stop listening. */
  listen(listener: RelayListener | null): void {
    this.listener = listener;
  }

  sendEvent(event: OperationalEvent): void {
    this.send({ origin: this.origin, event });
  }

  sendRulesChanged(): void {
    this.send({ origin: this.origin, rulesChanged: true });
  }

  private send(message: RelayMessage): void {
    this.publisher
      .publish(this.topic, JSON.stringify(message))
      .catch((error: unknown) => this.onError(error, 'relaying to the rules engine'));
  }

  private receive(text: string): void {
    if (!this.listener) return;
    let message: RelayMessage;
    try {
      // Written by sendEvent or sendRulesChanged of another Argus process from typed events; not parsed again, to keep the hot path cheap.
      message = JSON.parse(text) as RelayMessage;
    } catch (error) {
      return this.onError(error, 'reading a relayed rules engine message');
    }
    // This process hears its own events on its bus already.
    if (message.origin === this.origin) return;
    if ('rulesChanged' in message) this.listener.rulesChanged();
    else this.listener.event(message.event);
  }
}
