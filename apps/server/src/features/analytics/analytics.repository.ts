import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export type AnalyticsKind = 'pageview' | 'performance' | 'error';

/** Stores the analytics payloads of docs/specification.md as received, for the analytics page to aggregate. */
export class AnalyticsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(event: {
    kind: AnalyticsKind;
    trackingId: string;
    userId: string | null;
    site: string;
    payload: unknown;
    receivedAt: number;
  }): Promise<void> {
    await this.db
      .insertInto('analytics_events')
      .values({
        kind: event.kind,
        tracking_id: event.trackingId,
        user_id: event.userId,
        site: event.site,
        payload: JSON.stringify(event.payload),
        received_at: event.receivedAt,
      })
      .execute();
  }

  async count(kind: AnalyticsKind): Promise<number> {
    const row = await this.db
      .selectFrom('analytics_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', kind)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
