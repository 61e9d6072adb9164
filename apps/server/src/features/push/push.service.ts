import { fieldCueFor } from '@argus/contracts/field-cues';
import type { PushMessage, PushSubscriptionRequest } from '@argus/contracts/http/push';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { EventBus, OperationalEvent } from '../../realtime/events';
import type { PushRepository, PushSubscriptionRow } from './push.repository';
import type { PushSender } from './web-push-sender';

interface Subscriber {
  id: string;
}

/** Where a tap on a pushed notification opens: the field unit page. */
const FIELD_PAGE = '/fieldunit';

/**
 * Web Push for the field phone (docs/decisions/0043-the-field-phone-offline-and-attention.md): a
 * browser subscribes with the server's VAPID key, and the events that call a crew's attention
 * (the one rule of contracts' field-cues.ts) are pushed to the browsers of the crew concerned.
 * Without VAPID keys the service only answers that it is off. Sending happens after the event,
 * never on the write path, and a push service that cannot be reached costs nothing else: the
 * failure is logged, and a subscription the push service calls gone is forgotten.
 */
export class PushService {
  /** The SOS acknowledgement already pushed per unit, so each is pushed once. */
  private readonly sosSeenPushed = new Map<string, number>();

  constructor(
    private readonly subscriptions: PushRepository,
    private readonly sender: PushSender | null,
    private readonly vapidPublicKey: string | null,
    private readonly clock: Clock,
  ) {}

  publicKey(): string | null {
    return this.sender ? this.vapidPublicKey : null;
  }

  async subscribe(user: Subscriber, request: PushSubscriptionRequest): Promise<void> {
    if (!this.sender) throw new AppError('push_not_configured');
    await this.subscriptions.save({
      endpoint: request.endpoint,
      user_id: user.id,
      p256dh: request.keys.p256dh,
      auth: request.keys.auth,
      created_at: this.clock.now(),
    });
  }

  /** Only one's own subscription can be removed; another's answers 404, as if it did not exist. */
  async unsubscribe(user: Subscriber, endpoint: string): Promise<void> {
    if (!(await this.subscriptions.removeForUser(endpoint, user.id))) throw new AppError('not_found');
  }

  /** Listens to the event bus and pushes what deserves it; returns the function that stops listening. */
  listen(events: EventBus, onError: (error: unknown) => void): () => void {
    if (!this.sender) return () => undefined;
    return events.listen((event) => {
      void this.pushFor(event).catch(onError);
    });
  }

  /** Pushes one event's cue to the browsers concerned; answers how many pushes went out. */
  async pushFor(event: OperationalEvent): Promise<number> {
    const sender = this.sender;
    if (!sender) return 0;
    const cue = fieldCueFor(event, { viewerId: null, sosSeenBefore: this.sosSeenBefore(event) });
    if (!cue) return 0;
    const targets = await this.recipients(event);
    const message: PushMessage = { title: cue.title, body: cue.body, tag: cue.tag, url: FIELD_PAGE };
    const outcomes = await Promise.all(
      targets.map(async (row) => {
        const outcome = await sender.send({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }, message);
        if (outcome === 'gone') await this.subscriptions.remove(row.endpoint);
        return outcome;
      }),
    );
    return outcomes.filter((outcome) => outcome === 'sent').length;
  }

  private sosSeenBefore(event: OperationalEvent): boolean {
    if (event.type !== 'unit.updated') return false;
    const seenAt = event.data.emergency?.seen?.at;
    if (seenAt === undefined) {
      this.sosSeenPushed.delete(event.data.id);
      return false;
    }
    const before = this.sosSeenPushed.get(event.data.id) === seenAt;
    this.sosSeenPushed.set(event.data.id, seenAt);
    return before;
  }

  /** The crew of the unit concerned, the person a direct message is for, or every field unit for a broadcast. */
  private async recipients(event: OperationalEvent): Promise<PushSubscriptionRow[]> {
    switch (event.type) {
      case 'dispatch.created':
        return this.subscriptions.forUnitCrew(event.data.unitId);
      case 'unit.updated':
        return this.subscriptions.forUnitCrew(event.data.id);
      case 'message.created': {
        const { channel, targetId, senderId } = event.data;
        const rows =
          channel === 'broadcast'
            ? await this.subscriptions.forRole('Field_Unit')
            : channel === 'unit' && targetId
              ? await this.subscriptions.forUnitCrew(targetId)
              : channel === 'direct' && targetId
                ? await this.subscriptions.forUser(targetId)
                : [];
        return rows.filter((row) => row.user_id !== senderId);
      }
      default:
        return [];
    }
  }
}
