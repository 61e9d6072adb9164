import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { OperationalEvent } from '../../realtime/events';

/** The one cursor: several processes share one engine, led by one of them at a time. */
const NAME = 'threat-engine';

/**
 * How far past its relay an event may still reach the engine live: the outbox hands over a row
 * left by a dead process after its grace period (5 s), a relay pass (1 s) and, when the relaying
 * process died too, a lease (15 s). The cursor trails the clock by more than that, so what it
 * passes was heard, and a new leader reads from it again, weighing at most this much twice
 * (which the engine's evaluation tolerates: presence, one alert per subject, reports by id).
 */
export const HEARD_MARGIN_MS = 30_000;

/** Event types a new leader reads back from the outbox: positions and zones it rebuilds from their tables. */
const READ_BACK = ['report:%', 'detection:%'];

/**
 * The rules engine's place in the outbox (docs/decisions/0070-every-event-through-the-outbox.md):
 * reports and detections written while no process led (a takeover, every process down) are read
 * back by the next leader, from the time the last one had heard everything up to.
 */
export class EngineCursor {
  constructor(private readonly db: Kysely<Database>) {}

  async heardUntil(): Promise<number | null> {
    const row = await this.db.selectFrom('rules_engine_cursor').select('heard_until').where('name', '=', NAME).executeTakeFirst();
    return row ? Number(row.heard_until) : null;
  }

  /** Moves forward only: a leader whose clock lags cannot move it back past what another wrote. */
  async save(heardUntil: number, now: number): Promise<void> {
    await this.db
      .insertInto('rules_engine_cursor')
      .values({ name: NAME, heard_until: heardUntil, updated_at: now })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ heard_until: heardUntil, updated_at: now })
          .where('rules_engine_cursor.heard_until', '<', heardUntil),
      )
      .execute();
  }

  /** The events written from `since` on that the engine weighs, oldest first, with their ids. */
  async eventsSince(since: number): Promise<OperationalEvent[]> {
    const rows = await this.db
      .selectFrom('outbox')
      .select(['event_id', 'event'])
      .where('created_at', '>=', since)
      .where((eb) => eb.or(READ_BACK.map((pattern) => eb('key', 'like', pattern))))
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...(JSON.parse(row.event) as OperationalEvent), id: row.event_id }));
  }
}
