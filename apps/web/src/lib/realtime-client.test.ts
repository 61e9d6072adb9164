import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Unit } from '@argus/contracts/http/units';
import type { Channel, ClientMessage, LiveFrame, RealtimeFrame } from '@argus/contracts/realtime/protocol';
import { REALTIME_TIMING, RealtimeClient, retryDelay, type SocketLike } from './realtime-client';

/** A unit as a position event carries it, updated at `seq`. */
const unitAt = (seq: number): Unit => ({
  id: 'u1',
  callsign: 'U-1',
  kind: 'patrol',
  status: 'available',
  members: [],
  position: null,
  emergency: null,
  updatedAt: seq,
});

/** A socket the test plays the server for. */
class FakeSocket implements SocketLike {
  readonly sent: ClientMessage[] = [];
  closedWith: number | null = null;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;

  send(data: string): void {
    this.sent.push(JSON.parse(data) as ClientMessage);
  }

  close(code = 1000): void {
    this.closedWith = code;
  }

  open(): void {
    this.onopen?.({});
    this.frame('realtime.welcome', { protocol: 1 });
  }

  frame(type: string, data: unknown, extra: Partial<RealtimeFrame> = {}): void {
    const frame = {
      type,
      data,
      priority: 'normal',
      timestamp: 0,
      origin: 'argus-test',
      source: 'test',
      version: '2.0.0',
      messageId: `${type}-${Math.random()}`,
      ...extra,
    };
    this.onmessage?.({ data: JSON.stringify(frame) });
  }

  event(channel: Channel, seq: number, messageId = `m-${channel}-${seq}`): void {
    this.frame('unit.position', unitAt(seq), { channel, seq, messageId });
  }

  drop(code = 1006): void {
    this.onclose?.({ code });
  }
}

/** The client against fake sockets, a hand-driven clock and timers. */
function harness() {
  let now = 0;
  const timers: { at: number; callback: () => void; id: number }[] = [];
  const sockets: FakeSocket[] = [];
  let nextId = 1;
  const client = new RealtimeClient({
    connect: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    now: () => now,
    random: () => 1,
    setTimer: (callback, ms) => {
      const id = nextId++;
      timers.push({ at: now + ms, callback, id });
      return id;
    },
    clearTimer: (id) => {
      const index = timers.findIndex((timer) => timer.id === id);
      if (index >= 0) timers.splice(index, 1);
    },
  });
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      const due = timers[0];
      if (!due || due.at > until) break;
      timers.shift();
      now = due.at;
      due.callback();
    }
    now = until;
  };
  const received = (frames: LiveFrame[]) =>
    frames.map((frame) => (frame.type === 'realtime.reset' ? `reset ${frame.data.seq}` : `${frame.channel} ${frame.seq}`));
  return { client, sockets, advance, received, latest: () => sockets.at(-1)! };
}

describe('realtime client', () => {
  it('shares one connection among listeners, subscribing each channel once and unsubscribing after its last listener', () => {
    const { client, sockets, latest } = harness();
    const stopUnits = client.listen(['units', 'incidents'], () => undefined);
    const stopMore = client.listen(['units'], () => undefined);
    expect(sockets).toHaveLength(1);
    latest().open();
    expect(latest().sent).toEqual([{ type: 'subscribe', subscriptions: [{ channel: 'units' }, { channel: 'incidents' }] }]);

    const stopAlerts = client.listen(['alerts', 'units'], () => undefined);
    stopUnits();
    stopMore();
    stopAlerts();
    expect(latest().sent.slice(1)).toEqual([
      { type: 'subscribe', subscriptions: [{ channel: 'alerts' }] },
      { type: 'unsubscribe', channels: ['incidents'] },
      { type: 'unsubscribe', channels: ['alerts', 'units'] },
    ]);
    expect(sockets).toHaveLength(1);
  });

  it('delivers a channel’s events to its listeners once each: no replayed duplicate, no second copy from another channel', () => {
    const { client, latest, received } = harness();
    const both: LiveFrame[] = [];
    const unitsOnly: LiveFrame[] = [];
    client.listen(['units', 'unit:u1'], (frame) => both.push(frame));
    client.listen(['units'], (frame) => unitsOnly.push(frame));
    const socket = latest();
    socket.open();
    socket.frame('realtime.subscribed', { channel: 'units', seq: 10 });
    socket.event('units', 10);
    socket.event('units', 11, 'shared');
    socket.event('unit:u1', 4, 'shared');
    socket.event('units', 11, 'shared');
    socket.event('alerts', 3);
    expect(received(both)).toEqual(['reset 10', 'units 11']);
    expect(received(unitsOnly)).toEqual(['reset 10', 'units 11']);
  });

  it('asks listeners to refetch once when a channel’s first subscription is confirmed, not when a resumed one is', () => {
    const { client, advance, latest, received } = harness();
    const frames: LiveFrame[] = [];
    client.listen(['units'], (frame) => frames.push(frame));
    latest().open();
    latest().frame('realtime.subscribed', { channel: 'units', seq: 3 });
    latest().event('units', 4);
    latest().drop();
    advance(retryDelay(0, 1));
    latest().open();
    latest().frame('realtime.subscribed', { channel: 'units', seq: 4 });
    latest().event('units', 5);
    expect(received(frames)).toEqual(['reset 3', 'units 4', 'units 5']);
  });

  it('reconnects with growing backoff and resumes every channel from its last seq', () => {
    const { client, sockets, advance, latest, received } = harness();
    const frames: LiveFrame[] = [];
    client.listen(['units', 'incident:i1'], (frame) => frames.push(frame));
    latest().open();
    latest().frame('realtime.subscribed', { channel: 'incident:i1', seq: 7 });
    latest().event('units', 41);
    latest().event('units', 42);
    latest().drop();
    expect(client.status).toBe('closed');

    // Two failed attempts: the delays double.
    advance(retryDelay(0, 1) - 1);
    expect(sockets).toHaveLength(1);
    advance(1);
    expect(client.status).toBe('connecting');
    latest().drop();
    advance(retryDelay(1, 1));
    expect(sockets).toHaveLength(3);
    latest().open();
    expect(client.status).toBe('open');
    expect(latest().sent).toEqual([
      {
        type: 'subscribe',
        subscriptions: [
          { channel: 'units', since: 42 },
          { channel: 'incident:i1', since: 7 },
        ],
      },
    ]);
    latest().event('units', 42);
    latest().event('units', 43);
    expect(received(frames)).toEqual(['reset 7', 'units 41', 'units 42', 'units 43']);

    // The welcome of a working connection starts the backoff over.
    latest().drop();
    advance(retryDelay(0, 1));
    expect(sockets).toHaveLength(4);
  });

  it('hands a reset to the channel’s listeners and continues from the seq it names', () => {
    const { client, latest, received } = harness();
    const frames: LiveFrame[] = [];
    client.listen(['units'], (frame) => frames.push(frame));
    latest().open();
    latest().frame('realtime.reset', { channel: 'units', seq: 500 });
    latest().event('units', 500);
    latest().event('units', 501);
    expect(received(frames)).toEqual(['reset 500', 'units 501']);
  });

  it('forgets a channel’s seq when its last listener leaves, so a later listener is not replayed old events', () => {
    const { client, advance, latest } = harness();
    const stop = client.listen(['units'], () => undefined);
    latest().open();
    latest().event('units', 9);
    stop();
    client.listen(['units'], () => undefined);
    latest().drop();
    advance(retryDelay(0, 1));
    latest().open();
    expect(latest().sent).toEqual([{ type: 'subscribe', subscriptions: [{ channel: 'units' }] }]);
  });

  it('pings while open and replaces a connection that has gone silent', () => {
    const { client, sockets, advance, latest } = harness();
    client.listen(['units'], () => undefined);
    const first = latest();
    first.open();
    advance(REALTIME_TIMING.pingEveryMs);
    expect(first.sent.at(-1)).toMatchObject({ type: 'ping' });
    first.frame('realtime.pong', { at: 1 });
    advance(REALTIME_TIMING.pingEveryMs * 2);
    expect(first.closedWith).toBeNull();
    advance(REALTIME_TIMING.silenceLimitMs);
    expect(first.closedWith).toBe(4000);
    advance(REALTIME_TIMING.maxRetryMs);
    expect(sockets).toHaveLength(2);
  });

  it('closes a little after nothing is wanted, and stays closed', () => {
    const { client, sockets, advance, latest } = harness();
    const stop = client.listen(['units'], () => undefined);
    latest().open();
    stop();
    // A page replacing another within the linger keeps the connection.
    advance(REALTIME_TIMING.lingerMs / 2);
    const again = client.listen(['units'], () => undefined);
    advance(REALTIME_TIMING.lingerMs);
    expect(latest().closedWith).toBeNull();
    again();
    advance(REALTIME_TIMING.lingerMs);
    expect(latest().closedWith).toBe(1000);
    expect(client.status).toBe('closed');
    advance(REALTIME_TIMING.maxRetryMs * 2);
    expect(sockets).toHaveLength(1);
  });

  it('tells status listeners as the connection comes and goes', () => {
    const { client, latest } = harness();
    const seen: string[] = [];
    client.onStatus(() => seen.push(client.status));
    client.listen(['units'], () => undefined);
    latest().open();
    latest().drop();
    expect(seen).toEqual(['connecting', 'open', 'closed']);
  });

  it('backs off from half a second to at most thirty, with jitter', () => {
    expect(retryDelay(0, 1)).toBe(500);
    expect(retryDelay(3, 1)).toBe(4000);
    expect(retryDelay(20, 1)).toBe(30_000);
    expect(retryDelay(20, 0)).toBe(15_000);
  });

  describe('checks each event against the event map once, on arrival', () => {
    afterEach(() => vi.restoreAllMocks());

    it('delivers a good frame with typed data, stripped of what the contract does not name', () => {
      const { client, latest } = harness();
      const frames: LiveFrame[] = [];
      client.listen(['units'], (frame) => frames.push(frame));
      latest().open();
      latest().frame('realtime.subscribed', { channel: 'units', seq: 1 });
      latest().frame('unit.position', { ...unitAt(2), secret: 'not in the contract' }, { channel: 'units', seq: 2 });
      const [, event] = frames;
      expect(event?.type).toBe('unit.position');
      if (event?.type !== 'unit.position') return;
      expect(event.data.callsign).toBe('U-1');
      expect(event.data).toEqual(unitAt(2));
    });

    it('drops a frame whose data is not its type’s, or whose type is unknown, with a warning, and carries on', () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { client, latest, received } = harness();
      const frames: LiveFrame[] = [];
      client.listen(['units'], (frame) => frames.push(frame));
      latest().open();
      latest().frame('realtime.subscribed', { channel: 'units', seq: 1 });
      latest().frame('unit.position', { id: 'u1', callsign: 3 }, { channel: 'units', seq: 2 });
      latest().frame('unit.exploded', unitAt(3), { channel: 'units', seq: 3 });
      latest().event('units', 4);
      expect(received(frames)).toEqual(['reset 1', 'units 4']);
      expect(warn).toHaveBeenCalledTimes(2);
      expect(warn.mock.calls[0]).toContain('unit.position');
    });

    it('keeps a listener that throws from reaching React or starving the others', () => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const { client, latest, received } = harness();
      const frames: LiveFrame[] = [];
      client.listen(['units'], () => {
        throw new Error('a broken page');
      });
      client.listen(['units'], (frame) => frames.push(frame));
      latest().open();
      latest().frame('realtime.subscribed', { channel: 'units', seq: 1 });
      expect(() => latest().event('units', 2)).not.toThrow();
      expect(received(frames)).toEqual(['reset 1', 'units 2']);
      expect(error).toHaveBeenCalled();
    });
  });
});
