import { TOKENS } from '@argus/contracts/constants';
import { FixedWindows } from '../../lib/fixed-windows';

/**
 * Refresh grants counted per token family (the session), in memory. An address is the wrong
 * key: a whole shift of field units can sit behind one carrier address.
 */
export class FamilyRateLimit {
  private readonly windows: FixedWindows;

  constructor(
    private readonly max: number = TOKENS.refreshPerFamily.max,
    windowMs: number = TOKENS.refreshPerFamily.windowMs,
  ) {
    this.windows = new FixedWindows(windowMs);
  }

  /** Counts one grant; false when the family has used its budget for this window. */
  take(family: string, now: number): boolean {
    return this.windows.hit(family, now).count <= this.max;
  }
}
