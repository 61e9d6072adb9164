import { TOKENS } from '@argus/contracts/constants';
import type { RateWindowStore, RateWindows } from '../../lib/rate-windows';

/**
 * Refresh grants counted per token family (the session). An address is the wrong key: a whole
 * shift of field units can sit behind one carrier address. Counted where the deployment counts
 * its limits, so N processes sharing Redis grant a family its budget once, not N times
 * (docs/decisions/0052-backups-and-shared-state.md, 0064-limits-and-previews-shared-between-processes.md).
 */
export class FamilyRateLimit {
  private readonly windows: RateWindows;

  constructor(
    store: RateWindowStore,
    private readonly max: number = TOKENS.refreshPerFamily.max,
    windowMs: number = TOKENS.refreshPerFamily.windowMs,
  ) {
    this.windows = store.windows('refresh-family', windowMs);
  }

  /** Counts one grant; false when the family has used its budget for this window. */
  async take(family: string, now: number): Promise<boolean> {
    return (await this.windows.hit(family, now)).count <= this.max;
  }
}
