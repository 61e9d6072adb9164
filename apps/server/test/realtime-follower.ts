import type { Channel, RealtimeFrame, ResetData, SubscribedData } from '@argus/contracts/realtime/protocol';
import { RealtimeClient } from './realtime-support';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A subscriber that follows one channel through whatever node answers, as the web client does:
 * when its socket closes it opens another and subscribes with the last seq it saw, so the server
 * replays what it missed. It keeps every frame of every socket, in the order they came, so a test
 * can tell a missing event from a repeated one.
 */
export class RealtimeFollower {
  private readonly sockets: RealtimeClient[] = [];
  private stopped = false;
  private readonly following: Promise<void>;
  private subscribedOnce!: () => void;
  /** Resolves once the channel was first confirmed: events from then on must all arrive. */
  readonly subscribed = new Promise<void>((resolve) => (this.subscribedOnce = resolve));

  constructor(
    private readonly baseUrl: string,
    private readonly headers: Record<string, string>,
    private readonly channel: Channel,
  ) {
    this.following = this.follow();
  }

  /** Every frame heard on the channel's sockets, first socket first. */
  get frames(): RealtimeFrame[] {
    return this.sockets.flatMap((socket) => socket.frames);
  }

  /** The channel's events heard, in order, replays included. */
  events(): RealtimeFrame[] {
    return this.frames.filter((frame) => frame.channel === this.channel && frame.seq !== undefined);
  }

  /** The seq the first confirmation named: every event after it is expected. */
  firstSeq(): number | undefined {
    return (this.frames.find((frame) => this.answers(frame, 'realtime.subscribed'))?.data as SubscribedData | undefined)?.seq;
  }

  /** realtime.reset frames: the server could not replay what was missed. */
  resets(): ResetData[] {
    return this.frames.filter((frame) => this.answers(frame, 'realtime.reset')).map((frame) => frame.data as ResetData);
  }

  /** How many sockets it opened: one plus a reconnection per node it lost. */
  get connections(): number {
    return this.sockets.length;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.sockets.at(-1)?.drop();
    await this.following;
    // One opened while it was stopping, too.
    this.sockets.forEach((socket) => socket.drop());
  }

  private answers(frame: RealtimeFrame, type: string): boolean {
    return frame.type === type && (frame.data as { channel?: string }).channel === this.channel;
  }

  /** The last seq seen, from an event or a reset, else the first confirmation's. */
  private lastSeq(): number | undefined {
    const last = this.frames.findLast(
      (frame) => (frame.channel === this.channel && frame.seq !== undefined) || this.answers(frame, 'realtime.reset'),
    );
    if (last === undefined) return this.firstSeq();
    return last.seq ?? (last.data as ResetData).seq;
  }

  private async follow(): Promise<void> {
    while (!this.stopped) {
      let socket: RealtimeClient;
      try {
        socket = await RealtimeClient.open(this.baseUrl, this.headers);
      } catch {
        // No node answered the upgrade (nginx said 502): try again shortly, as the web client does.
        await pause(200);
        continue;
      }
      this.sockets.push(socket);
      const since = this.lastSeq();
      try {
        await socket.subscribe([{ channel: this.channel, ...(since === undefined ? {} : { since }) }]);
        this.subscribedOnce();
      } catch {
        // The node went before it answered; what it sent is kept, the next socket resumes after it.
      }
      while (!this.stopped && socket.closed === null) await pause(100);
    }
  }
}
