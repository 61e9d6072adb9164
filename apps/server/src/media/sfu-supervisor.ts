import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { IceCandidate } from '@argus/contracts/http/streams';
import {
  MediaError,
  type MediaConfig,
  type MediaEvent,
  type MediaRoomStats,
  type MediaServer,
  type MediaServerState,
  type PublishOptions,
} from './media-server';
import type { SfuReply, SfuRequest } from './sfu-protocol';

type Request = SfuRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/** Built (apps/server/dist), the media process is JavaScript beside this bundle; from the sources it runs through tsx. */
const BUILT = import.meta.url.endsWith('.js');
const ENTRY = fileURLToPath(new URL(BUILT ? './sfu-process.js' : './sfu-process.ts', import.meta.url));
/** A request the media process does not answer in this time is failed (an answer needs ICE gathering). */
const REQUEST_TIMEOUT_MS = 10_000;
const RESTART_DELAYS_MS = [100, 500, 1_000, 2_000, 5_000];

/**
 * Runs the werift SFU in a child process and keeps it running: when it dies it is started
 * again (with backoff if it keeps dying), every pending request fails with a clear error and
 * listeners hear `restarted`, so the signalling socket tells clients to reconnect.
 */
export class SfuSupervisor implements MediaServer {
  private child: ChildProcess | null = null;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }
  >();
  private readonly listeners = new Set<(event: MediaEvent) => void>();
  private stopping = false;
  private crashes = 0;
  private ready: Promise<void> | null = null;
  state: MediaServerState = { state: 'stopped', restarts: 0, startedAt: null };

  constructor(private readonly config: MediaConfig) {}

  /** The media process's pid, for tests that kill it. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): Promise<void> {
    this.stopping = false;
    this.ready ??= this.spawn();
    return this.ready;
  }

  private spawn(): Promise<void> {
    const child = fork(ENTRY, [], {
      execArgv: BUILT ? [] : ['--import', 'tsx'],
      env: { ...process.env, ARGUS_SFU_CONFIG: JSON.stringify(this.config) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'json',
    });
    this.child = child;
    this.state = { ...this.state, state: this.state.restarts > 0 ? 'restarting' : 'stopped' };
    return new Promise<void>((resolve, reject) => {
      const startedAt = Date.now();
      child.on('message', (message: SfuReply | { event: MediaEvent } | { ready: true }) => {
        if ('ready' in message) {
          this.state = { ...this.state, state: 'running', startedAt };
          resolve();
        } else if ('event' in message) this.broadcast(message.event);
        else this.settle(message);
      });
      child.on('error', (error) => reject(error));
      child.on('exit', () => {
        if (this.child !== child) return;
        this.child = null;
        this.ready = null;
        for (const [id, entry] of this.pending) {
          clearTimeout(entry.timer);
          entry.reject(new MediaError('media_unavailable', 'The media server restarted; connect again.'));
          this.pending.delete(id);
        }
        if (this.stopping) {
          this.state = { ...this.state, state: 'stopped' };
          return;
        }
        // Alive for a minute: a fresh crash, not a crash loop.
        this.crashes = Date.now() - startedAt > 60_000 ? 1 : this.crashes + 1;
        this.state = { state: 'restarting', restarts: this.state.restarts + 1, startedAt: null };
        const delay = RESTART_DELAYS_MS[Math.min(this.crashes - 1, RESTART_DELAYS_MS.length - 1)]!;
        setTimeout(() => {
          if (this.stopping) return;
          this.ready = this.spawn();
          this.ready.then(
            () => this.broadcast({ type: 'restarted' }),
            () => undefined,
          );
        }, delay).unref();
      });
    });
  }

  private settle(reply: SfuReply): void {
    const entry = this.pending.get(reply.id);
    if (!entry) return;
    this.pending.delete(reply.id);
    clearTimeout(entry.timer);
    if (reply.ok) entry.resolve(reply.result);
    else entry.reject(new MediaError(reply.code, reply.message));
  }

  private broadcast(event: MediaEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  private async request<T>(message: Request): Promise<T> {
    if (this.stopping) throw new MediaError('media_unavailable', 'The media server is shutting down.');
    await (this.ready ?? this.start()).catch(() => {
      throw new MediaError('media_unavailable', 'The media server is not running; try again in a moment.');
    });
    const child = this.child;
    if (!child?.connected) throw new MediaError('media_unavailable', 'The media server is restarting; try again in a moment.');
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new MediaError('media_unavailable', 'The media server did not answer in time.'));
      }, REQUEST_TIMEOUT_MS);
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
      child.send({ ...message, id });
    });
  }

  publish(roomId: string, peerId: string, sdp: string, options?: PublishOptions): Promise<string> {
    return this.request({ op: 'publish', roomId, peerId, sdp, options });
  }

  view(roomId: string, peerId: string, sdp: string): Promise<string> {
    return this.request({ op: 'view', roomId, peerId, sdp });
  }

  viewOffer(roomId: string, peerId: string): Promise<string> {
    return this.request({ op: 'viewOffer', roomId, peerId });
  }

  answer(peerId: string, sdp: string): Promise<void> {
    return this.request({ op: 'answer', peerId, sdp });
  }

  addIceCandidate(peerId: string, candidate: IceCandidate | null): Promise<void> {
    return this.request({ op: 'ice', peerId, candidate });
  }

  async closePeer(peerId: string): Promise<void> {
    if (!this.child?.connected) return;
    await this.request({ op: 'closePeer', peerId }).catch(() => undefined);
  }

  async closeRoom(roomId: string): Promise<void> {
    if (!this.child?.connected) return;
    await this.request({ op: 'closeRoom', roomId }).catch(() => undefined);
  }

  async stats(): Promise<MediaRoomStats[]> {
    if (!this.child?.connected) return [];
    return this.request<MediaRoomStats[]>({ op: 'stats' }).catch(() => []);
  }

  /** The embedded SFU lives in this process: no other process publishes into it. */
  async publishersElsewhere(): Promise<Map<string, string>> {
    return new Map();
  }

  on(listener: (event: MediaEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve();
      }, 2_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.disconnect();
    });
    this.ready = null;
  }
}
