import { CLIENT_ERROR_CODES, describeError, isApiError } from '../api-error';
import { newOutboxItem, type NewOutboxItem, type OutboxAction, type OutboxItem } from './outbox-item';
import {
  afterFailure,
  afterSuccess,
  classifyFailure,
  expiredSent,
  nextStep,
  resumed,
  retried,
  supersededBy,
  type FailureVerdict,
} from './schedule';

/** Where items are kept: IndexedDB in the browser, memory in tests or when IndexedDB is refused. */
export interface OutboxStore {
  /** False when nothing survives a closed tab (the browser refused IndexedDB). */
  readonly durable: boolean;
  list(): Promise<OutboxItem[]>;
  /** Writes a new item and gives it the next place in the queue. */
  add(item: NewOutboxItem): Promise<OutboxItem>;
  put(item: OutboxItem): Promise<void>;
  remove(seq: number): Promise<void>;
}

/** Delivers one item to the server; `save` keeps progress (a filed report's id, an uploaded photo). */
export interface OutboxTransport {
  send(item: OutboxItem, save: (item: OutboxItem) => Promise<void>): Promise<unknown>;
}

export interface OutboxEnvironment {
  now(): number;
  random(): number;
  isOnline(): boolean;
  /** Calls back once after `ms`; returns a cancel function. */
  setTimer(callback: () => void, ms: number): () => void;
  /** Runs the task unless another tab is already sending; resolves false when it was skipped. */
  exclusive(task: () => Promise<void>): Promise<boolean>;
  /** Tells other tabs of the same site that the items changed. */
  announce(): void;
}

export type DeliveredListener = (item: OutboxItem, result: unknown) => void;

/** The verdict and the words for a failed attempt. */
export function judgeFailure(error: unknown): { verdict: FailureVerdict; reason: string } {
  if (isApiError(error)) {
    // The server acted but answered in a shape this app does not know: asking again gets the same answer.
    if (error.code === CLIENT_ERROR_CODES.invalidResponse) return { verdict: 'refuse', reason: describeError(error) };
    const verdict = classifyFailure(error.status);
    const reason = verdict === 'sign-in' ? 'Waiting for you to sign in again.' : describeError(error);
    return { verdict, reason };
  }
  // Anything else (a photo the browser can no longer read) will fail the same way again.
  return { verdict: 'refuse', reason: describeError(error) };
}

/**
 * Every field action is written here before it is sent, then delivered in order by one sender
 * per device (other tabs watch). See schedule.ts for the rules; this class carries them out.
 */
export class Outbox {
  private items: OutboxItem[] = [];
  private snapshot: readonly OutboxItem[] = [];
  private loading: Promise<void> | null = null;
  private userId: string | null = null;
  private draining = false;
  private drainAgain = false;
  private resumeRequested = false;
  private sendingSeq: number | null = null;
  private cancelTimer: (() => void) | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly deliveredListeners = new Set<DeliveredListener>();

  constructor(
    private readonly store: OutboxStore,
    private readonly transport: OutboxTransport,
    private readonly env: OutboxEnvironment,
  ) {}

  get durable(): boolean {
    return this.store.durable;
  }

  /** Every item on this device, in queue order; a new array after each change. */
  getSnapshot = (): readonly OutboxItem[] => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Called with the server's answer each time an item is delivered, so screens can update. */
  onDelivered(listener: DeliveredListener): () => void {
    this.deliveredListeners.add(listener);
    return () => this.deliveredListeners.delete(listener);
  }

  /** Starts sending this user's items (the page opened or the user signed in). */
  start(userId: string): Promise<void> {
    this.userId = userId;
    return this.drain(true);
  }

  /** Stops sending (signed out); items stay on the device. */
  stop(): void {
    this.userId = null;
    this.cancelTimer?.();
    this.cancelTimer = null;
  }

  /** Writes the action to the device first; sending follows whenever it can. */
  async enqueue(userId: string, action: OutboxAction): Promise<OutboxItem> {
    await this.ready();
    const item = await this.store.add(newOutboxItem(userId, action, this.env.now()));
    for (const old of supersededBy(this.items, { userId, action })) await this.store.remove(old.seq);
    await this.changed();
    void this.drain(false);
    return item;
  }

  /** Sends a refused (or waiting) item again, now. */
  async retry(seq: number): Promise<void> {
    await this.ready();
    const item = this.items.find((candidate) => candidate.seq === seq);
    if (!item || item.state === 'sent' || item.state === 'sending') return;
    await this.store.put(retried(item, this.env.now()));
    await this.changed();
    void this.drain(false);
  }

  /** Gives up on an item a person no longer wants sent. Not while it is on its way. */
  async discard(seq: number): Promise<void> {
    await this.ready();
    if (this.sendingSeq === seq) return;
    await this.store.remove(seq);
    await this.changed();
  }

  /** Another tab changed the items: read them again. */
  async reload(): Promise<void> {
    await this.refresh();
    this.publish();
  }

  /**
   * Sends what is due. `resume` drops the backoff (the connection returned, the page opened).
   * Safe to call at any time: one drain runs at once and a call during it runs it again.
   */
  async drain(resume: boolean): Promise<void> {
    this.resumeRequested ||= resume;
    await this.ready();
    if (!this.userId || !this.env.isOnline()) return;
    if (this.draining) {
      this.drainAgain = true;
      return;
    }
    this.draining = true;
    try {
      const ran = await this.env.exclusive(() => this.sendDue());
      // Another tab sends; this one shows what it stored.
      if (!ran) await this.reload();
    } finally {
      this.draining = false;
    }
  }

  private async sendDue(): Promise<void> {
    do {
      this.drainAgain = false;
      await this.refresh();
      const userId = this.userId;
      if (!userId) return;
      if (this.resumeRequested) {
        this.resumeRequested = false;
        const now = this.env.now();
        for (const item of resumed(this.items, userId, now)) await this.store.put(item);
        for (const item of expiredSent(this.items, now)) await this.store.remove(item.seq);
        await this.changed();
      }
      while (this.userId === userId && this.env.isOnline()) {
        const step = nextStep(this.items, userId, this.env.now());
        if (step.kind === 'idle') break;
        if (step.kind === 'wait') {
          this.wakeAfter(step.ms);
          break;
        }
        const stop = await this.sendOne(step.item);
        if (stop) break;
      }
    } while (this.drainAgain && this.userId && this.env.isOnline());
  }

  /** Delivers one item; true when the queue should stop (the session is gone). */
  private async sendOne(item: OutboxItem): Promise<boolean> {
    let current: OutboxItem = { ...item, state: 'sending' };
    this.sendingSeq = item.seq;
    await this.save(current);
    try {
      const result = await this.transport.send(current, async (progress) => {
        current = progress;
        await this.save(progress);
      });
      const delivered = afterSuccess(current, this.env.now());
      await this.save(delivered);
      for (const listener of this.deliveredListeners) listener(delivered, result);
      return false;
    } catch (error) {
      const { verdict, reason } = judgeFailure(error);
      await this.save(afterFailure(current, verdict, reason, this.env.now(), this.env.random));
      return verdict === 'sign-in';
    } finally {
      this.sendingSeq = null;
    }
  }

  private wakeAfter(ms: number): void {
    this.cancelTimer?.();
    this.cancelTimer = this.env.setTimer(() => {
      this.cancelTimer = null;
      void this.drain(false);
    }, ms);
  }

  private ready(): Promise<void> {
    this.loading ??= this.refresh().then(() => this.publish());
    return this.loading;
  }

  private async refresh(): Promise<void> {
    this.items = (await this.store.list()).sort((a, b) => a.seq - b.seq);
  }

  private async save(item: OutboxItem): Promise<void> {
    await this.store.put(item);
    this.items = this.items.map((candidate) => (candidate.seq === item.seq ? item : candidate));
    this.publish();
    this.env.announce();
  }

  private async changed(): Promise<void> {
    await this.refresh();
    this.publish();
    this.env.announce();
  }

  private publish(): void {
    this.snapshot = [...this.items];
    for (const listener of this.listeners) listener();
  }
}
