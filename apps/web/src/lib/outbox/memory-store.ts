import type { NewOutboxItem, OutboxItem } from './outbox-item';
import type { OutboxStore } from './outbox';

/** Items in memory only: used when the browser refuses IndexedDB, and by tests. */
export class MemoryOutboxStore implements OutboxStore {
  readonly durable: boolean;
  private readonly items = new Map<number, OutboxItem>();
  private nextSeq = 1;

  constructor(durable = false) {
    this.durable = durable;
  }

  async list(): Promise<OutboxItem[]> {
    return [...this.items.values()].map((item) => ({ ...item }));
  }

  async add(item: NewOutboxItem): Promise<OutboxItem> {
    const stored = { ...item, seq: this.nextSeq++ };
    this.items.set(stored.seq, stored);
    return { ...stored };
  }

  async put(item: OutboxItem): Promise<void> {
    this.items.set(item.seq, { ...item });
  }

  async remove(seq: number): Promise<void> {
    this.items.delete(seq);
  }
}
