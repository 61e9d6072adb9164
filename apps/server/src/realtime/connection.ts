import type { WebSocket } from 'ws';
import {
  ClientMessage,
  REALTIME_PROTOCOL_VERSION,
  type Channel,
  type ControlType,
  type DeniedData,
  type ResetData,
  type SubscribedData,
  type Subscription as Requested,
} from '@argus/contracts/realtime/protocol';
import { FrameBudget } from '../lib/frame-budget';
import { channelAccess, needsFieldScope, type FieldScope, type Viewer } from './channel-access';
import { controlFrame, type ChannelFrame, type FrameOrigin } from './frames';
import type { Replay } from './replay';

/**
 * One client socket and its subscriptions. Vocabulary:
 * - subscription: a channel this socket receives, with the last seq sent on it. Frames at or
 *   below that seq are never sent again, so a replay racing live frames cannot duplicate.
 * - catching up: between asking the backplane what was missed and sending it, live frames of
 *   the channel are held back (`held`) and sent after the replay, in order.
 */
export interface SocketIdentity {
  viewer: Viewer;
  /** Sockets opened with the same credential share one session check. */
  credential: string;
  /** Who the credential stands for now, or null once its session has ended. */
  recheck(): Promise<Viewer | null>;
}

/** What a connection needs from its hub. */
export interface HubLink extends FrameOrigin {
  read(channel: Channel, since: number | undefined): Promise<Replay>;
  fieldScope(userId: string): Promise<FieldScope>;
  index(connection: Connection, channel: Channel): void;
  unindex(connection: Connection, channel: Channel): void;
  detach(connection: Connection): void;
  maxBufferedBytes: number;
  heartbeatMs: number;
  onError(error: unknown, context: string): void;
}

/** What a batch needs of the TCP socket (a `net.Socket`). */
export interface Transport {
  cork(): void;
  uncork(): void;
}

interface Subscription {
  lastSeq: number;
  /** Live frames held back while catching up; null once live. */
  held: ChannelFrame[] | null;
}

/** Close codes a client can act on. */
export const CLOSE_CODES = {
  /** The session ended or no longer passes its checks: sign in again. */
  sessionEnded: 4401,
  /** The session now stands for another user (switching): reconnect as them. */
  identityChanged: 4409,
  goingAway: 1001,
  /** The client sent more frames than any honest client does (INBOUND_BUDGET). */
  policyViolation: 1008,
  tryAgainLater: 1013,
} as const;

const NO_SEQ = -1;
/** Enough for a map of many incidents; a bound so one socket cannot grow the index without end. */
const MAX_SUBSCRIPTIONS = 1000;
/**
 * Frames one socket may send in ten seconds. An honest client sends a subscribe when it connects or
 * a page opens, an unsubscribe when one closes and a ping now and then: a handful. Far above that,
 * so a busy page never meets it, and low enough that one misbehaving client cannot keep a core busy.
 */
const INBOUND_BUDGET = { max: 100, windowMs: 10_000 } as const;

export class Connection {
  private readonly subscriptions = new Map<Channel, Subscription>();
  private alive = true;
  private closed = false;
  private readonly inbound = new FrameBudget(INBOUND_BUDGET.max, INBOUND_BUDGET.windowMs);

  constructor(
    private readonly socket: WebSocket,
    /** The TCP socket under the WebSocket, corked while a batch of frames is written to it. */
    private readonly transport: Transport,
    public identity: SocketIdentity,
    private readonly hub: HubLink,
  ) {
    socket.on('message', (data, isBinary) => {
      // Frames already on the wire keep arriving until the close handshake ends; they are dropped unread.
      if (this.closed) return;
      if (!this.inbound.take()) {
        this.close(
          CLOSE_CODES.policyViolation,
          `Too many messages: at most ${INBOUND_BUDGET.max} in ${INBOUND_BUDGET.windowMs / 1000} seconds.`,
        );
        return;
      }
      this.handleMessage(isBinary ? null : data.toString());
    });
    socket.on('pong', () => (this.alive = true));
    socket.on('close', () => this.dispose());
    socket.on('error', () => this.dispose());
    this.sendControl('realtime.welcome', {
      protocol: REALTIME_PROTOCOL_VERSION,
      userId: identity.viewer.id,
      role: identity.viewer.role,
      heartbeatMs: hub.heartbeatMs,
    });
  }

  get viewer(): Viewer {
    return this.identity.viewer;
  }

  /**
   * Starts a batch of live frames: they are written out together when it ends, one system call
   * rather than one per frame. A socket that has fallen too far behind is dropped here instead;
   * it resumes from its last seq when it reconnects. Answers whether the batch was started.
   */
  beginBatch(): boolean {
    if (this.closed) return false;
    if (this.socket.bufferedAmount > this.hub.maxBufferedBytes) {
      this.drop();
      return false;
    }
    this.transport.cork();
    return true;
  }

  endBatch(): void {
    this.transport.uncork();
  }

  /** A live frame of a channel this socket is in the hub's index for; `bytes` are shared by every socket. */
  deliver(frame: ChannelFrame, bytes: Buffer): void {
    const subscription = this.subscriptions.get(frame.channel);
    if (!subscription) return;
    if (subscription.held) {
      subscription.held.push(frame);
      return;
    }
    if (frame.seq <= subscription.lastSeq) return;
    if (subscription.lastSeq !== NO_SEQ && frame.seq > subscription.lastSeq + 1) {
      // Numbers run without holes, so a jump means frames were lost on the way: fetch them.
      subscription.held = [frame];
      void this.catchUp(frame.channel, subscription, subscription.lastSeq, false);
      return;
    }
    subscription.lastSeq = frame.seq;
    this.socket.send(bytes, { binary: false });
  }

  /** Heartbeat: a socket that has not answered the previous ping is dead. */
  ping(): void {
    if (!this.alive) {
      this.socket.terminate();
      return;
    }
    this.alive = false;
    this.socket.ping();
  }

  close(code: number, reason: string): void {
    this.socket.close(code, reason);
    this.dispose();
  }

  /** Catches every live subscription up from its last seq (after frames may have been lost in transit). */
  resync(): void {
    for (const [channel, subscription] of this.subscriptions) {
      if (subscription.held || subscription.lastSeq === NO_SEQ) continue;
      subscription.held = [];
      void this.catchUp(channel, subscription, subscription.lastSeq, false);
    }
  }

  /** Drops subscriptions the viewer may no longer see (a crew or an assignment changed). */
  async recheckChannels(fieldScope: (userId: string) => Promise<FieldScope>): Promise<void> {
    const channels = [...this.subscriptions.keys()];
    const scope = channels.some((channel) => needsFieldScope(this.viewer, channel)) ? await fieldScope(this.viewer.id) : undefined;
    for (const channel of channels) {
      const verdict = channelAccess(this.viewer, channel, scope);
      if (!verdict.allowed) {
        this.unsubscribe(channel);
        this.sendControl('realtime.denied', { channel, reason: verdict.reason } satisfies DeniedData);
      }
    }
  }

  private handleMessage(text: string | null): void {
    this.alive = true;
    let message: ClientMessage;
    try {
      const parsed = ClientMessage.safeParse(JSON.parse(text ?? 'null'));
      if (!parsed.success)
        throw new Error(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'message'}: ${issue.message}`).join('; '));
      message = parsed.data;
    } catch (error) {
      this.sendControl('realtime.error', { message: `Not a message this server understands: ${(error as Error).message}` });
      return;
    }
    if (message.type === 'ping') this.sendControl('realtime.pong', { at: message.at ?? null });
    else if (message.type === 'unsubscribe') message.channels.forEach((channel) => this.unsubscribe(channel));
    else this.subscribe(message.subscriptions).catch((error: unknown) => this.fail(error, 'subscribing'));
  }

  private async subscribe(requested: Requested[]): Promise<void> {
    const fresh = requested.filter(({ channel }) => !this.subscriptions.has(channel));
    for (const { channel } of requested) {
      const existing = this.subscriptions.get(channel);
      // Already live: confirm where it stands. Still catching up: its own confirmation follows.
      if (existing && !existing.held) this.sendControl('realtime.subscribed', { channel, seq: existing.lastSeq } satisfies SubscribedData);
    }
    if (fresh.length === 0) return;
    const scope = fresh.some(({ channel }) => needsFieldScope(this.viewer, channel))
      ? await this.hub.fieldScope(this.viewer.id)
      : undefined;
    if (this.closed) return;
    await Promise.all(
      fresh.map(({ channel, since }) => {
        const verdict = channelAccess(this.viewer, channel, scope);
        if (!verdict.allowed) {
          this.sendControl('realtime.denied', { channel, reason: verdict.reason } satisfies DeniedData);
          return undefined;
        }
        if (this.subscriptions.has(channel)) return undefined;
        if (this.subscriptions.size >= MAX_SUBSCRIPTIONS) {
          this.sendControl('realtime.denied', {
            channel,
            reason: `One connection follows at most ${MAX_SUBSCRIPTIONS} channels.`,
          } satisfies DeniedData);
          return undefined;
        }
        const subscription: Subscription = { lastSeq: since ?? NO_SEQ, held: [] };
        this.subscriptions.set(channel, subscription);
        this.hub.index(this, channel);
        return this.catchUp(channel, subscription, since, true);
      }),
    );
  }

  /**
   * Sends what the channel holds after `since`, then (when confirming a subscribe) the current
   * seq, then the live frames held meanwhile, each at most once and in order.
   */
  private async catchUp(channel: Channel, subscription: Subscription, since: number | undefined, confirm: boolean): Promise<void> {
    let replay: Replay;
    try {
      replay = await this.hub.read(channel, since);
    } catch (error) {
      this.fail(error, `reading ${channel}`);
      return;
    }
    if (this.closed || this.subscriptions.get(channel) !== subscription) return;
    if (replay.kind === 'reset') {
      this.sendControl('realtime.reset', { channel, seq: replay.seq } satisfies ResetData);
      subscription.lastSeq = replay.seq;
    } else {
      for (const frame of replay.frames) {
        if (frame.seq <= subscription.lastSeq) continue;
        subscription.lastSeq = frame.seq;
        this.sendText(frame.text);
      }
      subscription.lastSeq = Math.max(subscription.lastSeq, replay.seq);
    }
    if (confirm || replay.kind === 'reset')
      this.sendControl('realtime.subscribed', { channel, seq: subscription.lastSeq } satisfies SubscribedData);
    const held = subscription.held ?? [];
    subscription.held = null;
    if (held.length === 0 || !this.beginBatch()) return;
    for (const frame of held) this.deliver(frame, Buffer.from(frame.text));
    this.endBatch();
  }

  private unsubscribe(channel: Channel): void {
    if (!this.subscriptions.delete(channel)) return;
    this.hub.unindex(this, channel);
  }

  private sendControl(type: ControlType, data: unknown): void {
    this.sendText(controlFrame(type, data, this.hub));
  }

  private sendText(text: string): void {
    this.sendBytes(Buffer.from(text));
  }

  /** Frames outside a batch (control frames, replays) are checked for backlog one by one. */
  private sendBytes(bytes: Buffer): void {
    if (this.closed) return;
    if (this.socket.bufferedAmount > this.hub.maxBufferedBytes) {
      this.drop();
      return;
    }
    this.socket.send(bytes, { binary: false });
  }

  private drop(): void {
    this.socket.terminate();
    this.dispose();
  }

  /**
   * The database or Redis did not answer. Rather than leave a channel half subscribed (or with a
   * hole in it), the socket is closed with "try again later": the client reconnects with backoff
   * and resumes every channel from its last seq.
   */
  private fail(error: unknown, context: string): void {
    this.hub.onError(error, context);
    this.close(CLOSE_CODES.tryAgainLater, 'The server could not do that just now.');
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    for (const channel of this.subscriptions.keys()) this.hub.unindex(this, channel);
    this.subscriptions.clear();
    this.hub.detach(this);
  }
}
