import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { browserOutbox } from './browser-outbox';
import type { DeliveredListener } from './outbox';
import type { OutboxAction, OutboxItem } from './outbox-item';
import { isPending } from './schedule';

export interface OutboxView {
  /** This user's items, oldest first, in every state. */
  items: readonly OutboxItem[];
  /** Waiting or on their way. */
  pending: readonly OutboxItem[];
  failed: readonly OutboxItem[];
  /** False when this browser keeps nothing after the tab closes (IndexedDB refused). */
  durable: boolean;
  enqueue: (action: OutboxAction) => Promise<OutboxItem>;
  retry: (seq: number) => Promise<void>;
  discard: (seq: number) => Promise<void>;
}

/** The outbox of the signed-in user: its items for an outbox list, and the way to add to it. */
export function useOutbox(userId: string): OutboxView {
  const outbox = browserOutbox();
  const all = useSyncExternalStore(outbox.subscribe, outbox.getSnapshot);

  // Page load (and signing in): send whatever an earlier visit left behind.
  useEffect(() => {
    void outbox.start(userId);
  }, [outbox, userId]);

  return useMemo(() => {
    const items = all.filter((item) => item.userId === userId);
    return {
      items,
      pending: items.filter(isPending),
      failed: items.filter((item) => item.state === 'failed'),
      durable: outbox.durable,
      enqueue: (action) => outbox.enqueue(userId, action),
      retry: (seq) => outbox.retry(seq),
      discard: (seq) => outbox.discard(seq),
    };
  }, [all, outbox, userId]);
}

/** Runs `listener` with the server's answer whenever one of the outbox's items is delivered. */
export function useOutboxDelivered(listener: DeliveredListener): void {
  useEffect(() => browserOutbox().onDelivered(listener), [listener]);
}
