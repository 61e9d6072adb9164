import type { TileReader } from './archive';

/**
 * The archives open for serving tiles, by basemap id: opening one reads its header and directory,
 * so readers stay open between tiles. At most `capacity` are open; the least recently used is
 * closed to make room, and a deleted basemap's reader is closed at once.
 */
export class TileReaders {
  private readonly open = new Map<string, Promise<TileReader>>();

  constructor(private readonly capacity: number) {}

  /** The reader for this basemap, opened with `opener` when it is not open yet. */
  get(id: string, opener: () => Promise<TileReader>): Promise<TileReader> {
    const existing = this.open.get(id);
    if (existing) {
      // Map keeps insertion order: re-inserting marks it the most recently used.
      this.open.delete(id);
      this.open.set(id, existing);
      return existing;
    }
    const opening = opener();
    this.open.set(id, opening);
    // A reader that failed to open is forgotten, so the next request tries again.
    void opening.catch(() => {
      if (this.open.get(id) === opening) this.open.delete(id);
    });
    while (this.open.size > this.capacity) {
      const oldest = this.open.keys().next().value as string;
      void this.close(oldest);
    }
    return opening;
  }

  /** Closes this basemap's reader, if open. */
  async close(id: string): Promise<void> {
    const reader = this.open.get(id);
    if (!reader) return;
    this.open.delete(id);
    await reader.then(
      (opened) => opened.close(),
      () => undefined,
    );
  }

  /** Closes every reader (server shutdown). */
  async closeAll(): Promise<void> {
    await Promise.all([...this.open.keys()].map((id) => this.close(id)));
  }
}
