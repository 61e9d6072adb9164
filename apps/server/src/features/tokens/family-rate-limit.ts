import { TOKENS } from '@argus/contracts/constants';

/**
 * Refresh grants counted per token family (the session), in memory. An address is the wrong
 * key: a whole shift of field units can sit behind one carrier address.
 */
export class FamilyRateLimit {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly max: number = TOKENS.refreshPerFamily.max,
    private readonly windowMs: number = TOKENS.refreshPerFamily.windowMs,
  ) {}

  /** Counts one grant; false when the family has used its budget for this window. */
  take(family: string, now: number): boolean {
    const window = this.windows.get(family);
    if (!window || now - window.startedAt >= this.windowMs) {
      if (this.windows.size > 100_000) this.prune(now);
      this.windows.set(family, { startedAt: now, count: 1 });
      return true;
    }
    window.count += 1;
    return window.count <= this.max;
  }

  private prune(now: number): void {
    for (const [family, window] of this.windows) {
      if (now - window.startedAt >= this.windowMs) this.windows.delete(family);
    }
  }
}
