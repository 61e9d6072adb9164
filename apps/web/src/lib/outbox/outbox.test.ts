import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-error';
import { MemoryOutboxStore } from './memory-store';
import { Outbox, type OutboxEnvironment, type OutboxTransport } from './outbox';
import type { OutboxAction, OutboxItem } from './outbox-item';

/** The sender against an in-memory store, a scripted server and a hand-driven clock. */
function harness(store = new MemoryOutboxStore(true)) {
  let now = 1_000;
  let online = true;
  const timers: { at: number; callback: () => void }[] = [];
  const delivered: string[] = [];
  const requests: string[] = [];
  /** Requests the server fails once each, by label ("report one", "photo a.jpg", "status available"). */
  const failures: { request: string; error: ApiError }[] = [];
  const request = (name: string) => {
    requests.push(name);
    const index = failures.findIndex((failure) => failure.request === name);
    if (index >= 0) throw failures.splice(index, 1)[0]!.error;
  };
  const env: OutboxEnvironment = {
    now: () => now,
    random: () => 0,
    isOnline: () => online,
    setTimer: (callback, ms) => {
      const timer = { at: now + ms, callback };
      timers.push(timer);
      return () => timers.splice(timers.indexOf(timer), 1);
    },
    exclusive: async (task) => {
      await task();
      return true;
    },
    announce: () => undefined,
  };
  const transport: OutboxTransport = {
    async send(item, save) {
      const { action } = item;
      if (action.kind === 'report') {
        request(`report ${action.body.description}`);
        let current = { ...item, reportId: 'r-1', trackingCode: 'RPT-1' };
        await save(current);
        for (const photo of action.photos) {
          if (photo.sent) continue;
          request(`photo ${photo.name}`);
          if (current.action.kind !== 'report') break;
          const photos = current.action.photos.map((candidate) =>
            candidate.id === photo.id ? { ...candidate, sent: true, blob: null } : candidate,
          );
          current = { ...current, action: { ...current.action, photos } };
          await save(current);
        }
      } else {
        request(label(action));
      }
      delivered.push(label(action));
      return { ok: true };
    },
  };
  const outbox = new Outbox(store, transport, env);
  return {
    outbox,
    store,
    delivered,
    requests,
    failures,
    setOnline: (value: boolean) => {
      online = value;
    },
    /** Moves the clock on and runs the timers that fall due, then lets their drains finish. */
    advance: async (ms: number) => {
      now += ms;
      for (const timer of timers.filter((candidate) => candidate.at <= now)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.callback();
      }
      await settle();
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
let counter = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`;

function label(action: OutboxAction): string {
  switch (action.kind) {
    case 'report':
      return `report ${action.body.description}`;
    case 'unit-status':
      return `status ${action.body.status}`;
    case 'dispatch-status':
      return `dispatch ${action.body.status}`;
    default:
      return action.kind;
  }
}

const report = (description: string, photoNames: string[] = []): OutboxAction => ({
  kind: 'report',
  body: { clientId: uuid(), kind: 'field', category: 'fire', description, location: { lat: 51.5, lon: -0.1 } },
  photos: photoNames.map((name) => ({ id: uuid(), blob: new Blob(['jpeg']), type: 'image/jpeg', name, size: 4, sent: false })),
});
const status = (value: 'available' | 'out_of_service' | 'on_scene'): OutboxAction => ({
  kind: 'unit-status',
  unitId: 'u1',
  body: { clientId: uuid(), status: value },
});
const states = (items: readonly OutboxItem[]) => items.map((item) => item.state);

describe('outbox', () => {
  it('keeps what is done offline and sends it once, in order, when the connection returns', async () => {
    const { outbox, delivered, setOnline } = harness();
    await outbox.start('user-1');
    setOnline(false);
    await outbox.enqueue('user-1', report('one'));
    await outbox.enqueue('user-1', status('out_of_service'));
    await outbox.enqueue('user-1', report('two'));
    await outbox.enqueue('user-1', status('available'));
    await outbox.enqueue('user-1', report('three'));
    await settle();
    expect(delivered).toEqual([]);
    expect(states(outbox.getSnapshot())).toEqual(['waiting', 'waiting', 'waiting', 'waiting', 'waiting']);

    setOnline(true);
    await outbox.drain(true);
    expect(delivered).toEqual(['report one', 'status out_of_service', 'report two', 'status available', 'report three']);
    expect(states(outbox.getSnapshot())).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
  });

  it('survives a reload: a new outbox on the same store sends what the closed tab left, including a half-sent item', async () => {
    const first = harness();
    first.setOnline(false);
    await first.outbox.start('user-1');
    await first.outbox.enqueue('user-1', report('kept'));
    await first.outbox.enqueue('user-1', status('on_scene'));
    // The tab closed in the middle of sending the report.
    const [halfSent] = await first.store.list();
    await first.store.put({ ...halfSent!, state: 'sending' });

    const second = harness(first.store);
    await second.outbox.start('user-1');
    expect(second.delivered).toEqual(['report kept', 'status on_scene']);
  });

  it('backs off after a network failure, and everything behind waits its turn', async () => {
    const { outbox, delivered, failures, advance } = harness();
    failures.push(
      { request: 'report first', error: new ApiError(0, 'network_error', 'Network request failed.') },
      { request: 'report first', error: new ApiError(503, 'service_unavailable', 'Down for maintenance.') },
    );
    await outbox.start('user-1');
    await outbox.enqueue('user-1', report('first'));
    await outbox.enqueue('user-1', status('available'));
    await settle();
    expect(delivered).toEqual([]);
    const [head] = outbox.getSnapshot();
    expect(head).toMatchObject({
      state: 'waiting',
      attempts: 1,
      lastError: 'Could not reach the server. Check your connection and try again.',
    });

    await advance(2_000);
    expect(outbox.getSnapshot()[0]).toMatchObject({ attempts: 2, lastError: 'Down for maintenance.' });
    expect(delivered).toEqual([]);
    await advance(3_999);
    expect(delivered).toEqual([]);
    await advance(1);
    expect(delivered).toEqual(['report first', 'status available']);
  });

  it('stops retrying an action the server refuses, shows why, and sends the rest; a person can retry or discard it', async () => {
    const { outbox, delivered, failures, requests } = harness();
    failures.push({
      request: 'dispatch acknowledged',
      error: new ApiError(409, 'conflict', 'An assignment that is on_scene can move to cleared, not acknowledged.'),
    });
    await outbox.start('user-1');
    await outbox.enqueue('user-1', { kind: 'dispatch-status', dispatchId: 'd1', body: { clientId: uuid(), status: 'acknowledged' } });
    await outbox.enqueue('user-1', status('available'));
    await settle();
    const [refused] = outbox.getSnapshot();
    expect(refused).toMatchObject({ state: 'failed', lastError: 'An assignment that is on_scene can move to cleared, not acknowledged.' });
    expect(delivered).toEqual(['status available']);

    await outbox.retry(refused!.seq);
    await settle();
    expect(delivered).toEqual(['status available', 'dispatch acknowledged']);
    expect(requests).toHaveLength(3);

    failures.push({ request: 'status on_scene', error: new ApiError(403, 'forbidden', 'This is not your unit.') });
    await outbox.enqueue('user-1', status('on_scene'));
    await settle();
    const failed = outbox.getSnapshot().find((item) => item.state === 'failed')!;
    await outbox.discard(failed.seq);
    expect(outbox.getSnapshot().some((item) => item.seq === failed.seq)).toBe(false);
  });

  it('waits for a new sign-in after a 401 and then sends on', async () => {
    const { outbox, delivered, failures, requests } = harness();
    failures.push({ request: 'report after sign-in', error: new ApiError(401, 'session_expired', 'Session expired.') });
    await outbox.start('user-1');
    await outbox.enqueue('user-1', report('after sign-in'));
    await outbox.enqueue('user-1', status('available'));
    await settle();
    expect(requests).toEqual(['report after sign-in']);
    expect(outbox.getSnapshot()[0]).toMatchObject({ state: 'waiting', lastError: 'Waiting for you to sign in again.' });

    await outbox.start('user-1');
    expect(delivered).toEqual(['report after sign-in', 'status available']);
  });

  it('uploads a report’s photos after the report and never uploads one twice', async () => {
    const { outbox, failures, requests, advance } = harness();
    await outbox.start('user-1');
    await outbox.enqueue('user-1', report('with photos', ['a.jpg', 'b.jpg']));
    await settle();
    expect(requests).toEqual(['report with photos', 'photo a.jpg', 'photo b.jpg']);
    const sent = outbox.getSnapshot()[0]!;
    expect(sent).toMatchObject({ state: 'sent', reportId: 'r-1', trackingCode: 'RPT-1' });
    expect(sent.action.kind === 'report' && sent.action.photos.every((photo) => photo.sent && photo.blob === null)).toBe(true);

    // The second photo's upload is cut off: the retry files the report again (idempotent) and sends only that photo.
    requests.length = 0;
    failures.push({ request: 'photo d.jpg', error: new ApiError(0, 'timeout', 'The request timed out.') });
    await outbox.enqueue('user-1', report('cut off', ['c.jpg', 'd.jpg']));
    await settle();
    expect(requests).toEqual(['report cut off', 'photo c.jpg', 'photo d.jpg']);
    expect(outbox.getSnapshot()[1]).toMatchObject({ state: 'waiting', attempts: 1, reportId: 'r-1' });
    await advance(2_000);
    expect(requests).toEqual(['report cut off', 'photo c.jpg', 'photo d.jpg', 'report cut off', 'photo d.jpg']);
    expect(outbox.getSnapshot()[1]).toMatchObject({ state: 'sent' });
  });

  it('sends only the signed-in user’s items', async () => {
    const { outbox, delivered } = harness();
    await outbox.start('user-2');
    await outbox.enqueue('user-1', report('theirs'));
    await outbox.enqueue('user-2', report('mine'));
    await settle();
    expect(delivered).toEqual(['report mine']);
    await outbox.start('user-1');
    expect(delivered).toEqual(['report mine', 'report theirs']);
  });

  it('keeps only the newest unsent position of a unit', async () => {
    const { outbox, setOnline, delivered } = harness();
    setOnline(false);
    await outbox.start('user-1');
    for (const lat of [1, 2, 3])
      await outbox.enqueue('user-1', { kind: 'position', unitId: 'u1', body: { clientId: uuid(), location: { lat, lon: 0 } } });
    const positions = outbox.getSnapshot();
    expect(positions).toHaveLength(1);
    expect(positions[0]!.action.kind === 'position' && positions[0]!.action.body.location.lat).toBe(3);
    setOnline(true);
    await outbox.drain(true);
    expect(delivered).toEqual(['position']);
  });
});
