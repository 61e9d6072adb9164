import type { TakContact } from '@argus/contracts/http/tak';
import type { Clock } from '../../lib/clock';
import type { EventPublisher, OperationalEvent } from '../../realtime/events';

/** A contact announced to command's maps and lists; on "tak", which only the readers of policies/tak.ts may hear. */
export const takContactEvents = {
  updated: (contact: TakContact): OperationalEvent => ({ type: 'tak-contact.updated', channels: ['tak'], data: contact }),
};

/** A device reporting many times a second moves its contact on command's maps at most this often. */
export const TAK_CONTACT_MOVE_INTERVAL_MS = 1_000;

/**
 * Announces TAK contacts as they change (docs/decisions/0061-tak-cot-endpoint-first-slice.md). A
 * contact heard for the first time, bound or unbound is announced at once; its moves at most once
 * per interval, the last one held back until the interval is over, so a map never keeps a position
 * the device has since left. Per contact, so one chatty device holds back no other.
 */
export class TakContactAnnouncer {
  private readonly announcedAt = new Map<string, number>();
  private readonly held = new Map<string, { contact: TakContact; timer: ReturnType<typeof setTimeout> }>();

  constructor(
    private readonly events: EventPublisher,
    private readonly clock: Clock,
    private readonly intervalMs = TAK_CONTACT_MOVE_INTERVAL_MS,
  ) {}

  /** Heard, bound or unbound: announced now, and a move held back is no longer needed. */
  changed(contact: TakContact): void {
    const held = this.held.get(contact.uid);
    if (held) clearTimeout(held.timer);
    this.held.delete(contact.uid);
    this.announcedAt.set(contact.uid, this.clock.now());
    this.events.publish(takContactEvents.updated(contact));
  }

  /** A new position: announced now when the last announcement is an interval old, else at the end of it. */
  moved(contact: TakContact): void {
    const held = this.held.get(contact.uid);
    if (held) {
      held.contact = contact;
      return;
    }
    const since = this.clock.now() - (this.announcedAt.get(contact.uid) ?? -Infinity);
    if (since >= this.intervalMs) {
      this.changed(contact);
      return;
    }
    const timer = setTimeout(() => {
      const latest = this.held.get(contact.uid);
      if (latest) this.changed(latest.contact);
    }, this.intervalMs - since);
    // A move held back never keeps a stopping server alive.
    timer.unref();
    this.held.set(contact.uid, { contact, timer });
  }

  /** Drops the moves held back (the server is closing). */
  close(): void {
    for (const { timer } of this.held.values()) clearTimeout(timer);
    this.held.clear();
  }
}
