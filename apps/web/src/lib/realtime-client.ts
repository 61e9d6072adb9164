import {
  isChannel,
  type Channel,
  type ClientMessage,
  type LiveFrame,
  type ResetData,
  type ResetFrame,
  type Subscription,
  type SubscribedData,
} from '@argus/contracts/realtime/protocol';
import { checkEvent, readFrame } from './realtime-frames';

/**
 * The browser's side of /ws/realtime, without React. Vocabulary:
 * - listener: one `useRealtime` call: the channels it wants and what it does with a frame.
 * - wanted channels: the union of the listeners' channels, counted, so a channel is subscribed
 *   once however many listeners want it and unsubscribed when the last one leaves.
 * - last seq: per channel, the newest seq seen. After a drop the client reconnects with backoff
 *   and subscribes again from those numbers, so the server replays exactly what was missed (or
 *   says reset, which listeners receive so they refetch).
 * - catch-up: a channel's first subscription is confirmed after the page fetched over HTTP, so
 *   listeners then receive a reset too and refetch once; nothing published in between is lost.
 * - checked: an event frame's data is checked against the event map once, on arrival; one that
 *   does not match is dropped with a warning, so listeners only ever see typed data.
 * One connection serves the whole tab; it opens when the first channel is wanted and closes a
 * little after the last one is no longer wanted.
 */
export type RealtimeStatus = 'connecting' | 'open' | 'closed';

/** The part of a browser WebSocket this client uses. */
export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface RealtimeEnvironment {
  connect(): SocketLike;
  now(): number;
  random(): number;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

export const REALTIME_TIMING = {
  /** Backoff after a failed or dropped connection: the first delay, doubling up to the cap. */
  firstRetryMs: 500,
  maxRetryMs: 30_000,
  /** An application ping this often (a browser cannot see the server's WebSocket pings)… */
  pingEveryMs: 25_000,
  /** …and a connection silent for this long is taken for dead and replaced. */
  silenceLimitMs: 60_000,
  /** Pages come and go as the user navigates; the connection outlives a page by this much. */
  lingerMs: 10_000,
};

/** The close codes the server uses (see the server's realtime connection). */
const IDENTITY_CHANGED = 4409;

/** How long to wait before connection attempt number `attempt` (0 = the first retry), with jitter. */
export function retryDelay(attempt: number, random: number): number {
  const ceiling = Math.min(REALTIME_TIMING.maxRetryMs, REALTIME_TIMING.firstRetryMs * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random / 2));
}

interface Listener {
  channels: ReadonlySet<Channel>;
  onFrame: (frame: LiveFrame) => void;
  /** messageIds already handed to this listener: an event on two of its channels arrives twice. */
  recent: Set<string>;
}

const RECENT_LIMIT = 512;

export class RealtimeClient {
  private readonly listeners = new Set<Listener>();
  private readonly wanted = new Map<Channel, number>();
  private readonly lastSeq = new Map<Channel, number>();
  private readonly statusListeners = new Set<() => void>();
  private socket: SocketLike | null = null;
  private currentStatus: RealtimeStatus = 'closed';
  private attempt = 0;
  private lastHeard = 0;
  private retryTimer: unknown = null;
  private lingerTimer: unknown = null;
  private pingTimer: unknown = null;

  constructor(private readonly env: RealtimeEnvironment) {}

  get status(): RealtimeStatus {
    return this.currentStatus;
  }

  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Delivers checked event frames and reset frames of `channels` to `onFrame` until the returned function is called. */
  listen(channels: readonly Channel[], onFrame: (frame: LiveFrame) => void): () => void {
    const listener: Listener = { channels: new Set(channels), onFrame, recent: new Set() };
    this.listeners.add(listener);
    const added: Channel[] = [];
    for (const channel of listener.channels) {
      const count = this.wanted.get(channel) ?? 0;
      this.wanted.set(channel, count + 1);
      if (count === 0) added.push(channel);
    }
    this.cancelLinger();
    if (this.socket && this.currentStatus === 'open' && added.length) this.subscribe(added.map((channel) => ({ channel })));
    else if (!this.socket && this.retryTimer === null) this.connect();
    return () => this.unlisten(listener);
  }

  /** Connects now if the connection is down (the network came back, the tab became visible). */
  wake(): void {
    if (this.socket || this.wanted.size === 0) return;
    this.clearTimer('retryTimer');
    this.connect();
  }

  private unlisten(listener: Listener): void {
    if (!this.listeners.delete(listener)) return;
    const removed: Channel[] = [];
    for (const channel of listener.channels) {
      const count = (this.wanted.get(channel) ?? 1) - 1;
      if (count > 0) {
        this.wanted.set(channel, count);
        continue;
      }
      this.wanted.delete(channel);
      // A later listener starts from "now" and fetches over HTTP; it must not be replayed old frames.
      this.lastSeq.delete(channel);
      removed.push(channel);
    }
    if (this.socket && this.currentStatus === 'open' && removed.length) this.send({ type: 'unsubscribe', channels: removed });
    if (this.wanted.size === 0) this.scheduleLinger();
  }

  private connect(): void {
    this.retryTimer = null;
    this.setStatus('connecting');
    let socket: SocketLike;
    try {
      socket = this.env.connect();
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.lastHeard = this.env.now();
      this.setStatus('open');
      this.subscribe([...this.wanted.keys()].map((channel) => ({ channel, since: this.lastSeq.get(channel) })));
      this.schedulePing();
    };
    socket.onmessage = (event) => {
      this.lastHeard = this.env.now();
      if (typeof event.data === 'string') this.handleFrame(event.data);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.dropSocket();
      if (event.code === IDENTITY_CHANGED) this.attempt = 0;
      if (this.wanted.size > 0) this.scheduleRetry();
    };
    socket.onerror = () => undefined;
  }

  private handleFrame(text: string): void {
    const frame = readFrame(text);
    if (!frame) return;
    switch (frame.type) {
      case 'realtime.welcome':
        // A working connection: the next drop starts the backoff from the beginning.
        this.attempt = 0;
        return;
      case 'realtime.subscribed': {
        const { channel, seq } = frame.data as SubscribedData;
        if (!this.wanted.has(channel)) return;
        const known = this.lastSeq.get(channel);
        this.lastSeq.set(channel, Math.max(seq, known ?? -1));
        // A first subscription answers after the page has already fetched over HTTP: whatever
        // happened in between is in neither. Listeners refetch as after a reset, once.
        if (known === undefined) this.deliver(channel, { ...frame, type: 'realtime.reset', data: { channel, seq } } satisfies ResetFrame);
        return;
      }
      case 'realtime.reset': {
        const { channel, seq } = frame.data as ResetData;
        if (!this.wanted.has(channel)) return;
        this.lastSeq.set(channel, seq);
        this.deliver(channel, { ...frame, type: 'realtime.reset', data: { channel, seq } } satisfies ResetFrame);
        return;
      }
      case 'realtime.denied':
      case 'realtime.error':
        console.warn('realtime:', frame.type, frame.data);
        return;
      case 'realtime.pong':
        return;
    }
    const { channel, seq } = frame;
    if (!isChannel(channel) || seq === undefined || !this.wanted.has(channel)) return;
    const known = this.lastSeq.get(channel);
    // A frame at or below the last seq is one already delivered (a replay overlapping live frames).
    if (known !== undefined && seq <= known) return;
    this.lastSeq.set(channel, seq);
    const event = checkEvent(frame);
    // Counted as seen all the same: asking for it again would only bring the same frame back.
    if (!event) return console.warn("realtime: dropped a frame whose data is not its type's", frame.type, channel, seq);
    this.deliver(channel, event);
  }

  private deliver(channel: Channel, frame: LiveFrame): void {
    const isEvent = !frame.type.startsWith('realtime.');
    for (const listener of [...this.listeners]) {
      if (!listener.channels.has(channel)) continue;
      if (isEvent && listener.channels.size > 1) {
        if (listener.recent.has(frame.messageId)) continue;
        listener.recent.add(frame.messageId);
        if (listener.recent.size > RECENT_LIMIT) listener.recent.delete(listener.recent.values().next().value!);
      }
      try {
        listener.onFrame(frame);
      } catch (error) {
        // One page's failing handler must not starve the others of frames.
        console.error('realtime listener failed', error);
      }
    }
  }

  private subscribe(subscriptions: Subscription[]): void {
    for (let i = 0; i < subscriptions.length; i += 100) this.send({ type: 'subscribe', subscriptions: subscriptions.slice(i, i + 100) });
  }

  private send(message: ClientMessage): void {
    try {
      this.socket?.send(JSON.stringify(message));
    } catch {
      // A socket closing under us: onclose follows and the retry resubscribes.
    }
  }

  private schedulePing(): void {
    this.pingTimer = this.env.setTimer(() => {
      if (!this.socket) return;
      if (this.env.now() - this.lastHeard > REALTIME_TIMING.silenceLimitMs) {
        const socket = this.socket;
        this.dropSocket();
        socket.close(4000, 'silent');
        this.scheduleRetry();
        return;
      }
      this.send({ type: 'ping', at: this.env.now() });
      this.schedulePing();
    }, REALTIME_TIMING.pingEveryMs);
  }

  private scheduleRetry(): void {
    this.setStatus('closed');
    this.retryTimer = this.env.setTimer(() => this.connect(), retryDelay(this.attempt, this.env.random()));
    this.attempt += 1;
  }

  private scheduleLinger(): void {
    this.cancelLinger();
    this.lingerTimer = this.env.setTimer(() => {
      this.lingerTimer = null;
      if (this.wanted.size > 0) return;
      this.clearTimer('retryTimer');
      const socket = this.socket;
      this.dropSocket();
      socket?.close(1000, 'idle');
    }, REALTIME_TIMING.lingerMs);
  }

  private cancelLinger(): void {
    this.clearTimer('lingerTimer');
  }

  /** Forgets the socket (its late events are ignored) and stops its heartbeat. */
  private dropSocket(): void {
    if (this.socket) {
      this.socket.onopen = this.socket.onmessage = this.socket.onclose = this.socket.onerror = null;
    }
    this.socket = null;
    this.clearTimer('pingTimer');
    this.setStatus('closed');
  }

  private clearTimer(name: 'retryTimer' | 'lingerTimer' | 'pingTimer'): void {
    if (this[name] !== null) this.env.clearTimer(this[name]);
    this[name] = null;
  }

  private setStatus(status: RealtimeStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    this.statusListeners.forEach((listener) => listener());
  }
}
