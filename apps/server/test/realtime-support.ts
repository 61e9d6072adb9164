import { WebSocket } from 'ws';
import { SESSION_COOKIE } from '@argus/contracts/http/auth';
import { REALTIME_PATH, RealtimeFrame, type Channel, type ClientMessage, type Subscription } from '@argus/contracts/realtime/protocol';
import type { Dialect } from '../src/db/database';
import type { Role } from '@argus/contracts/roles';
import { buildTestApp, signInNewUser, type Client, type TestApp } from './support';

/** How long a test waits for a frame before it fails saying which one never came. */
const FRAME_DEADLINE_MS = 10_000;

/** A real `ws` client on /ws/realtime that records every frame it receives. */
export class RealtimeClient {
  readonly frames: RealtimeFrame[] = [];
  closed: { code: number; reason: string } | null = null;
  private readonly waiters = new Set<() => void>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.frames.push(RealtimeFrame.parse(JSON.parse(data.toString())));
      this.waiters.forEach((wake) => wake());
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.waiters.forEach((wake) => wake());
    });
  }

  /** Opens a socket and waits for the server's welcome. */
  static async open(
    baseUrl: string,
    headers: Record<string, string> = {},
    options: { answerPings?: boolean } = {},
  ): Promise<RealtimeClient> {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${REALTIME_PATH}`, { headers, autoPong: options.answerPings ?? true });
    const client = new RealtimeClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    await client.next((frame) => frame.type === 'realtime.welcome', 'the welcome');
    return client;
  }

  send(message: ClientMessage): void {
    this.socket.send(JSON.stringify(message));
  }

  /** Sends a frame as is, whether or not it is a message of the protocol. */
  sendRaw(text: string): void {
    this.socket.send(text);
  }

  /** Subscribes and waits until every channel is confirmed or refused. */
  async subscribe(subscriptions: (Subscription | Channel)[]): Promise<void> {
    const wanted = subscriptions.map((entry) => (typeof entry === 'string' ? { channel: entry } : entry));
    const from = this.frames.length;
    this.send({ type: 'subscribe', subscriptions: wanted });
    for (const { channel } of wanted) {
      await this.next(
        (frame) =>
          ['realtime.subscribed', 'realtime.denied'].includes(frame.type) && (frame.data as { channel: string }).channel === channel,
        `an answer for ${channel}`,
        from,
      );
    }
  }

  /** The first frame at or after `from` that matches, waiting for it if need be. */
  next(matches: (frame: RealtimeFrame) => boolean, what: string, from = 0): Promise<RealtimeFrame> {
    return this.until(() => {
      const found = this.frames.slice(from).find(matches);
      if (!found && this.closed) throw new Error(`socket closed (${this.closed.code} ${this.closed.reason}) before ${what}`);
      return found;
    }, what);
  }

  waitForClose(): Promise<{ code: number; reason: string }> {
    return this.until(() => this.closed ?? undefined, 'the close');
  }

  private async until<T>(probe: () => T | undefined, what: string): Promise<T> {
    const deadline = Date.now() + FRAME_DEADLINE_MS;
    for (;;) {
      const found = probe();
      if (found !== undefined) return found;
      if (Date.now() > deadline)
        throw new Error(`waited in vain for ${what}; received: ${this.frames.map((frame) => frame.type).join(', ')}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, 200);
        this.waiters.add(wake);
      });
    }
  }

  /** Event frames (not control frames) received so far, optionally on one channel. */
  events(channel?: Channel): RealtimeFrame[] {
    return this.frames.filter((frame) => !frame.type.startsWith('realtime.') && (channel === undefined || frame.channel === channel));
  }

  /** The data of the control frame answering a channel. */
  answer(type: 'realtime.subscribed' | 'realtime.denied' | 'realtime.reset', channel: Channel): unknown {
    return this.frames.findLast((frame) => frame.type === type && (frame.data as { channel: string }).channel === channel)?.data;
  }

  /** Stops reading from the socket, as a client on a stalled network does. */
  pause(): void {
    this.socket.pause();
  }

  resume(): void {
    this.socket.resume();
  }

  /** Drops the connection without a closing handshake, as a lost network does. */
  drop(): void {
    this.socket.terminate();
  }

  close(): void {
    this.socket.close();
  }
}

/** The HTTP status a refused upgrade answered, or 101 when the socket opened. */
export function upgradeStatus(baseUrl: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${REALTIME_PATH}`, { headers });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('open', () => {
      resolve(101);
      socket.close();
    });
    socket.once('error', (error) => {
      if (!error.message.startsWith('Unexpected server response')) reject(error);
    });
  });
}

/** The Cookie header of a signed-in test client. */
export function sessionCookie(cookies: Record<string, string>): Record<string, string> {
  return { cookie: `${SESSION_COOKIE}=${cookies[SESSION_COOKIE]}` };
}

/** A test app listening on a loopback port, for tests that open real sockets on it. */
export interface LiveTestApp extends TestApp {
  baseUrl: string;
  /** Opens a realtime socket that is dropped when the app closes, so a failing test leaves none open. */
  openSocket(headers?: Record<string, string>, options?: { answerPings?: boolean }): Promise<RealtimeClient>;
  /** A new user of `role`, signed in, with a socket subscribed to `channels`. */
  socketAs(role: Role, channels: Channel[]): Promise<{ client: Client; socket: RealtimeClient }>;
}

/** buildTestApp, listening on a free loopback port; close() drops the sockets it opened, then closes the app. */
export async function buildLiveTestApp(dialect: Dialect, env: Record<string, string> = {}): Promise<LiveTestApp> {
  const t = await buildTestApp(dialect, env);
  const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const sockets: RealtimeClient[] = [];
  const openSocket = async (headers: Record<string, string> = {}, options: { answerPings?: boolean } = {}) => {
    const socket = await RealtimeClient.open(baseUrl, headers, options);
    sockets.push(socket);
    return socket;
  };
  return {
    ...t,
    baseUrl,
    openSocket,
    socketAs: async (role, channels) => {
      const { client } = await signInNewUser(t, role);
      const socket = await openSocket(sessionCookie(client.cookies));
      await socket.subscribe(channels);
      return { client, socket };
    },
    close: async () => {
      sockets.splice(0).forEach((socket) => socket.drop());
      await t.close();
    },
  };
}
