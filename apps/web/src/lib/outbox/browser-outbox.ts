import { IndexedDbOutboxStore } from './idb-store';
import { MemoryOutboxStore } from './memory-store';
import { Outbox, type OutboxEnvironment, type OutboxStore } from './outbox';
import type { NewOutboxItem, OutboxItem } from './outbox-item';
import { apiTransport } from './transport';

const LOCK_NAME = 'argus-outbox';
const CHANNEL_NAME = 'argus-outbox';
/** Besides `online` and page load, the queue is looked at this often. */
const PERIODIC_MS = 30_000;

/** Opens IndexedDB on first use; when the browser refuses it, items live in memory and the page says so. */
class DeferredStore implements OutboxStore {
  private isDurable = true;
  private readonly opened: Promise<OutboxStore>;

  constructor() {
    this.opened = IndexedDbOutboxStore.open().catch((): OutboxStore => {
      this.isDurable = false;
      return new MemoryOutboxStore();
    });
  }

  get durable(): boolean {
    return this.isDurable;
  }

  list = async (): Promise<OutboxItem[]> => (await this.opened).list();
  add = async (item: NewOutboxItem): Promise<OutboxItem> => (await this.opened).add(item);
  put = async (item: OutboxItem): Promise<void> => (await this.opened).put(item);
  remove = async (seq: number): Promise<void> => (await this.opened).remove(seq);
}

function browserEnvironment(channel: BroadcastChannel | null): OutboxEnvironment {
  return {
    now: () => Date.now(),
    random: () => Math.random(),
    isOnline: () => navigator.onLine,
    setTimer: (callback, ms) => {
      const timer = window.setTimeout(callback, ms);
      return () => window.clearTimeout(timer);
    },
    // One tab sends at a time (Web Locks); the others show what it stores.
    exclusive: async (task) => {
      if (!('locks' in navigator)) {
        await task();
        return true;
      }
      return navigator.locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) => {
        if (!lock) return false;
        await task();
        return true;
      });
    },
    announce: () => channel?.postMessage('changed'),
  };
}

let instance: Outbox | null = null;

/** The device's one outbox, wired to the connection, the page's visibility and the other tabs. */
export function browserOutbox(): Outbox {
  if (instance) return instance;
  const channel = 'BroadcastChannel' in window ? new BroadcastChannel(CHANNEL_NAME) : null;
  const outbox = new Outbox(new DeferredStore(), apiTransport, browserEnvironment(channel));
  channel?.addEventListener('message', () => void outbox.reload());
  window.addEventListener('online', () => void outbox.drain(true));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void outbox.drain(false);
  });
  window.setInterval(() => void outbox.drain(false), PERIODIC_MS);
  instance = outbox;
  return outbox;
}
