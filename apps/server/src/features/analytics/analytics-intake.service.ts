import type { Clock } from '../../lib/clock';
import type { AnalyticsKind, AnalyticsRepository } from './analytics.repository';

/** The three analytics posts of docs/specification.md, stored as received and stamped on arrival. */
export class AnalyticsIntakeService {
  constructor(
    private readonly analytics: AnalyticsRepository,
    private readonly clock: Clock,
  ) {}

  /** Records one event; `userId` is the signed-in user when there is one (the login page reports too). */
  async record(kind: AnalyticsKind, event: { trackingId: string; userId: string | null; site: string; payload: unknown }): Promise<void> {
    await this.analytics.insert({ kind, ...event, receivedAt: this.clock.now() });
  }

  /** How many events of a kind are stored. */
  count(kind: AnalyticsKind): Promise<number> {
    return this.analytics.count(kind);
  }
}
