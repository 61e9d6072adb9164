import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { NewOutboxItem, OutboxItem } from './outbox-item';
import type { OutboxStore } from './outbox';

const DATABASE = 'argus-outbox';
const STORE = 'items';

interface OutboxSchema extends DBSchema {
  items: { key: number; value: OutboxItem };
}

/** The outbox in IndexedDB: one record per item, photos as Blobs, the queue order from the auto-increment key. */
export class IndexedDbOutboxStore implements OutboxStore {
  readonly durable = true;

  private constructor(private readonly db: IDBPDatabase<OutboxSchema>) {}

  static async open(): Promise<IndexedDbOutboxStore> {
    const db = await openDB<OutboxSchema>(DATABASE, 1, {
      upgrade(database) {
        database.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true });
      },
    });
    return new IndexedDbOutboxStore(db);
  }

  list(): Promise<OutboxItem[]> {
    return this.db.getAll(STORE);
  }

  async add(item: NewOutboxItem): Promise<OutboxItem> {
    // The key path fills in seq; the cast states what IndexedDB does to the record.
    const seq = await this.db.add(STORE, item as OutboxItem);
    return { ...item, seq };
  }

  async put(item: OutboxItem): Promise<void> {
    await this.db.put(STORE, item);
  }

  async remove(seq: number): Promise<void> {
    await this.db.delete(STORE, seq);
  }
}
