/**
 * How many frames one socket may send in a fixed window. Counted as each frame arrives, before it
 * is parsed or queued, so a flood costs the server a counter increment per frame until the socket
 * is closed, not a parse, a validation and an answer each.
 */
export class FrameBudget {
  private count = 0;
  private endsAt = -Infinity;

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one frame; answers whether it is still within the budget. */
  take(): boolean {
    const at = this.now();
    if (at >= this.endsAt) {
      this.count = 0;
      this.endsAt = at + this.windowMs;
    }
    this.count += 1;
    return this.count <= this.max;
  }
}
