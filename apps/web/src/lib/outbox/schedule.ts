import type { OutboxItem } from './outbox-item';

/**
 * The outbox's rules, as pure functions of the items and the time: which item goes next, how
 * long to wait after a failure, and what a failure means. The sender only carries them out.
 */

export const BACKOFF = {
  initialMs: 2_000,
  factor: 2,
  maxMs: 5 * 60_000,
  /** Each delay is shortened by up to this share, so phones that lost the same cell do not retry in step. */
  jitter: 0.25,
} as const;

/** Sent items stay listed for a day (at most this many), then leave the device. */
export const SENT_RETENTION = { ms: 24 * 60 * 60_000, max: 50 } as const;

/** The delay before attempt `attempt + 1`, after `attempt` failures (1 or more). */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, attempt - 1);
  const full = Math.min(BACKOFF.maxMs, BACKOFF.initialMs * BACKOFF.factor ** exponent);
  return Math.round(full * (1 - BACKOFF.jitter * random()));
}

/**
 * What a failed attempt means:
 * - retry: the network or the server failed (no answer, timeout, 5xx, 408, 429); try again later.
 * - sign-in: the session is gone (401); keep the item until its user is signed in again.
 * - refuse: the server refused the action itself (any other 4xx); asking again will not help,
 *   so a person sees why and retries or discards it.
 */
export type FailureVerdict = 'retry' | 'sign-in' | 'refuse';

export function classifyFailure(status: number): FailureVerdict {
  if (status === 401) return 'sign-in';
  if (status === 408 || status === 429) return 'retry';
  if (status >= 400 && status < 500) return 'refuse';
  return 'retry';
}

/** SOS goes before everything else of its user; all other actions keep the order they were made in. */
function priority(item: OutboxItem): number {
  return item.action.kind === 'sos' ? 0 : 1;
}

/** Not yet delivered and not refused: what the sender still has to deliver. */
export function isPending(item: OutboxItem): boolean {
  return item.state === 'waiting' || item.state === 'sending';
}

/** The queue of one user in sending order. */
export function queueOf(items: readonly OutboxItem[], userId: string): OutboxItem[] {
  return items.filter((item) => item.userId === userId && isPending(item)).sort((a, b) => priority(a) - priority(b) || a.seq - b.seq);
}

export type NextStep = { kind: 'send'; item: OutboxItem } | { kind: 'wait'; ms: number } | { kind: 'idle' };

/**
 * The next thing to do for one user's queue. Strictly first in, first out: while the head item
 * waits out its backoff, everything behind it waits too, so the server sees actions in the order
 * they were made. Refused items are out of the queue until a person retries them.
 */
export function nextStep(items: readonly OutboxItem[], userId: string, now: number): NextStep {
  const head = queueOf(items, userId)[0];
  if (!head) return { kind: 'idle' };
  if (head.notBefore > now) return { kind: 'wait', ms: head.notBefore - now };
  return { kind: 'send', item: head };
}

/** The item after a failed attempt. */
export function afterFailure(
  item: OutboxItem,
  verdict: FailureVerdict,
  reason: string,
  now: number,
  random: () => number = Math.random,
): OutboxItem {
  if (verdict === 'refuse') return { ...item, state: 'failed', lastError: reason };
  const attempts = item.attempts + 1;
  return { ...item, state: 'waiting', attempts, lastError: reason, notBefore: now + backoffDelay(attempts, random) };
}

export function afterSuccess(item: OutboxItem, now: number): OutboxItem {
  return { ...item, state: 'sent', sentAt: now, lastError: null, notBefore: now };
}

/** A person asked to send a refused or waiting item again: now, with a fresh backoff. */
export function retried(item: OutboxItem, now: number): OutboxItem {
  return { ...item, state: 'waiting', attempts: 0, notBefore: now };
}

/**
 * The connection came back or the page was opened: whatever waits for a backoff may go now. An
 * item left "sending" by a closed tab is sent again, which the server's idempotency makes harmless.
 */
export function resumed(items: readonly OutboxItem[], userId: string, now: number): OutboxItem[] {
  return items
    .filter((item) => item.userId === userId && isPending(item) && (item.notBefore > now || item.state === 'sending'))
    .map((item) => ({ ...item, state: 'waiting' as const, notBefore: now }));
}

/**
 * A new position makes the unsent older positions of the same unit pointless: the server keeps
 * only the latest fix. Returns the items the new one replaces.
 */
export function supersededBy(items: readonly OutboxItem[], next: Pick<OutboxItem, 'userId' | 'action'>): OutboxItem[] {
  const { action } = next;
  if (action.kind !== 'position') return [];
  return items.filter(
    (item) =>
      item.userId === next.userId && item.state === 'waiting' && item.action.kind === 'position' && item.action.unitId === action.unitId,
  );
}

/** Sent items old enough, or beyond the number kept, to delete from the device. */
export function expiredSent(items: readonly OutboxItem[], now: number): OutboxItem[] {
  const sent = items.filter((item) => item.state === 'sent').sort((a, b) => (b.sentAt ?? 0) - (a.sentAt ?? 0));
  return sent.filter((item, index) => index >= SENT_RETENTION.max || now - (item.sentAt ?? 0) > SENT_RETENTION.ms);
}
