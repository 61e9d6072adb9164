import { describe, expect, it } from 'vitest';
import { newOutboxItem, type OutboxAction, type OutboxItem } from './outbox-item';
import {
  BACKOFF,
  SENT_RETENTION,
  afterFailure,
  backoffDelay,
  classifyFailure,
  expiredSent,
  nextStep,
  resumed,
  retried,
  supersededBy,
} from './schedule';

const USER = 'user-1';
let seq = 0;
const clientId = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

function item(action: Partial<OutboxAction> & { kind: OutboxAction['kind'] }, overrides: Partial<OutboxItem> = {}): OutboxItem {
  const full = {
    'unit-status': { kind: 'unit-status', unitId: 'u1', body: { clientId: clientId(), status: 'available' } },
    position: { kind: 'position', unitId: 'u1', body: { clientId: clientId(), location: { lat: 1, lon: 2 } } },
    report: {
      kind: 'report',
      body: { clientId: clientId(), kind: 'field', category: 'fire', description: 'Smoke', location: { lat: 1, lon: 2 } },
      photos: [],
    },
    'anonymous-report': {
      kind: 'anonymous-report',
      body: {
        clientId: clientId(),
        kind: 'civic',
        category: 'fire',
        description: 'Smoke',
        location: { lat: 1, lon: 2 },
        followToken: 'a'.repeat(43),
      },
      photos: [],
    },
    sos: { kind: 'sos', unitId: 'u1', body: { clientId: clientId() } },
    'dispatch-status': { kind: 'dispatch-status', dispatchId: 'd1', body: { clientId: clientId(), status: 'acknowledged' } },
    message: { kind: 'message', body: { clientId: clientId(), channel: 'unit', targetId: 'u1', body: 'Hello' } },
  }[action.kind] as OutboxAction;
  return { ...newOutboxItem(USER, { ...full, ...action } as OutboxAction, 1000), seq: ++seq, ...overrides };
}

describe('backoff', () => {
  it('doubles from two seconds up to five minutes', () => {
    const noJitter = () => 0;
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelay(attempt, noJitter))).toEqual([2000, 4000, 8000, 16000, 32000]);
    expect(backoffDelay(30, noJitter)).toBe(BACKOFF.maxMs);
  });

  it('shortens each delay by at most the jitter share', () => {
    expect(backoffDelay(3, () => 1)).toBe(8000 * (1 - BACKOFF.jitter));
    for (let attempt = 1; attempt < 12; attempt++) {
      const delay = backoffDelay(attempt, Math.random);
      expect(delay).toBeGreaterThan(0);
      expect(delay).toBeLessThanOrEqual(BACKOFF.maxMs);
    }
  });
});

describe('failures', () => {
  it('retries network failures, timeouts, throttling and server errors', () => {
    for (const status of [0, 408, 429, 500, 502, 503, 504]) expect(classifyFailure(status), String(status)).toBe('retry');
  });

  it('waits for a new sign-in on 401', () => {
    expect(classifyFailure(401)).toBe('sign-in');
  });

  it('stops on any other refusal', () => {
    for (const status of [400, 403, 404, 409, 413, 415, 422]) expect(classifyFailure(status), String(status)).toBe('refuse');
  });

  it('backs off a retried item and keeps the reason; fails a refused one', () => {
    const waiting = afterFailure(item({ kind: 'report' }), 'retry', 'No signal', 5000, () => 0);
    expect(waiting).toMatchObject({ state: 'waiting', attempts: 1, notBefore: 7000, lastError: 'No signal' });
    const again = afterFailure(waiting, 'retry', 'No signal', 7000, () => 0);
    expect(again).toMatchObject({ attempts: 2, notBefore: 11_000 });
    const refused = afterFailure(waiting, 'refuse', 'Not your unit', 7000);
    expect(refused).toMatchObject({ state: 'failed', lastError: 'Not your unit' });
    expect(retried(refused, 9000)).toMatchObject({ state: 'waiting', attempts: 0, notBefore: 9000 });
  });
});

describe('order', () => {
  it('sends the oldest first and makes everything behind a backing-off item wait', () => {
    const first = item({ kind: 'report' });
    const second = item({ kind: 'unit-status' });
    expect(nextStep([second, first], USER, 1000)).toEqual({ kind: 'send', item: first });
    const backingOff = { ...first, notBefore: 4000 };
    expect(nextStep([backingOff, second], USER, 1000)).toEqual({ kind: 'wait', ms: 3000 });
  });

  it('skips refused and delivered items, and other users’ items', () => {
    const refused = item({ kind: 'report' }, { state: 'failed' });
    const sent = item({ kind: 'report' }, { state: 'sent' });
    const someoneElse = item({ kind: 'report' }, { userId: 'user-2' });
    const mine = item({ kind: 'unit-status' });
    expect(nextStep([refused, sent, someoneElse, mine], USER, 1000)).toEqual({ kind: 'send', item: mine });
    expect(nextStep([refused, sent, someoneElse], USER, 1000)).toEqual({ kind: 'idle' });
  });

  it('puts SOS before everything else', () => {
    const report = item({ kind: 'report' });
    const sos = item({ kind: 'sos' });
    expect(nextStep([report, sos], USER, 1000)).toEqual({ kind: 'send', item: sos });
  });

  it('picks up an item a closed tab left half-sent', () => {
    const halfSent = item({ kind: 'report' }, { state: 'sending' });
    expect(nextStep([halfSent], USER, 1000)).toEqual({ kind: 'send', item: halfSent });
  });
});

describe('resuming', () => {
  it('drops the backoff of this user’s waiting items when the connection returns', () => {
    const backingOff = item({ kind: 'report' }, { notBefore: 90_000, attempts: 4 });
    const due = item({ kind: 'report' }, { notBefore: 500 });
    const other = item({ kind: 'report' }, { userId: 'user-2', notBefore: 90_000 });
    const refused = item({ kind: 'report' }, { state: 'failed', notBefore: 90_000 });
    const changed = resumed([backingOff, due, other, refused], USER, 1000);
    expect(changed).toEqual([{ ...backingOff, notBefore: 1000 }]);
  });
});

describe('positions', () => {
  it('a new position replaces the unsent positions of the same unit only', () => {
    const old = item({ kind: 'position' });
    const otherUnit = item({ kind: 'position', unitId: 'u2' });
    const sending = item({ kind: 'position' }, { state: 'sending' });
    const status = item({ kind: 'unit-status' });
    const next = item({ kind: 'position' });
    expect(supersededBy([old, otherUnit, sending, status], next)).toEqual([old]);
    expect(supersededBy([old], item({ kind: 'report' }))).toEqual([]);
  });
});

describe('retention', () => {
  it('forgets sent items after a day or beyond the number kept', () => {
    const now = 10 * SENT_RETENTION.ms;
    const old = item({ kind: 'report' }, { state: 'sent', sentAt: now - SENT_RETENTION.ms - 1 });
    const recent = item({ kind: 'report' }, { state: 'sent', sentAt: now - 1000 });
    const waiting = item({ kind: 'report' });
    expect(expiredSent([old, recent, waiting], now)).toEqual([old]);
    const many = Array.from({ length: SENT_RETENTION.max + 2 }, (_, index) =>
      item({ kind: 'position' }, { state: 'sent', sentAt: now - index }),
    );
    expect(expiredSent(many, now)).toEqual(many.slice(SENT_RETENTION.max));
  });
});
