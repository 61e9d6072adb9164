/** How many keys are kept before the oldest windows are let go, so a flood of addresses cannot grow memory without end. */
const DEFAULT_CAPACITY = 100_000;

export interface Window {
  /** Events counted in this window, the one just counted included. */
  count: number;
  /** When the window closes and counting starts again, in the caller's clock. */
  endsAt: number;
}

/**
 * Events counted per key in fixed windows, in memory and synchronously: a rate limit checked on
 * every request should cost a map lookup, not a chain of promises.
 */
export class FixedWindows {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly windowMs: number,
    private readonly capacity = DEFAULT_CAPACITY,
  ) {}

  /** Counts one event for `key` at `now` and returns its window as it stands. */
  hit(key: string, now: number): Window {
    const open = this.windows.get(key);
    if (open !== undefined && now < open.endsAt) {
      open.count += 1;
      return open;
    }
    // A new window goes to the back of the map, so the front always holds the oldest.
    if (open !== undefined) this.windows.delete(key);
    else if (this.windows.size >= this.capacity) this.makeRoom(now);
    const window = { count: 1, endsAt: now + this.windowMs };
    this.windows.set(key, window);
    return window;
  }

  /** Drops closed windows; when every window is still open, the one opened first goes. */
  private makeRoom(now: number): void {
    for (const [key, window] of this.windows) {
      if (now >= window.endsAt) this.windows.delete(key);
    }
    if (this.windows.size >= this.capacity) this.windows.delete(this.windows.keys().next().value!);
  }
}
