import { sql, type Selectable } from 'kysely';
import { isPostgres } from '../../db/dialect';
import type { Executor } from '../../db/repository';
import { TransactionalRepository } from '../../db/repository';
import type { TakPointsTable } from '../../db/schema';

export type TakPointRow = Selectable<TakPointsTable>;
/** A point with the names its placer goes by: the device's callsign, its unit's and its user's. */
export type TakPointView = TakPointRow & {
  placer_callsign: string | null;
  unit_callsign: string | null;
  user_name: string | null;
};

/** Points TAK devices placed (migration 0043); the only place that speaks SQL about them. */
export class TakPointsRepository extends TransactionalRepository {
  /** Points not stale at `now`, oldest first. */
  current(now: number): Promise<TakPointView[]> {
    return this.view().where('p.stale_at', '>', now).orderBy('p.placed_at').orderBy('p.uid').execute();
  }

  findView(uid: string, executor: Executor = this.db): Promise<TakPointView | undefined> {
    return this.view(executor).where('p.uid', '=', uid).executeTakeFirst();
  }

  find(uid: string): Promise<TakPointRow | undefined> {
    return this.db.selectFrom('tak_points').selectAll().where('uid', '=', uid).executeTakeFirst();
  }

  /**
   * Holds the placer's points until the transaction ends, so two markers of one placer read side by
   * side (two connections of one device) count each other. PostgreSQL: a transaction-scoped advisory
   * lock on the placer's uid, since the placer may have no row to lock yet; SQLite runs one write
   * transaction at a time.
   */
  async lockPlacer(trx: Executor, placerUid: string): Promise<void> {
    if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext(${`tak_points:${placerUid}`}))`.execute(trx);
  }

  /** How many points one device keeps on the map at `now`. */
  async countCurrent(executor: Executor, placerUid: string, now: number): Promise<number> {
    const row = await executor
      .selectFrom('tak_points')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('placer_uid', '=', placerUid)
      .where('stale_at', '>', now)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Each current point's latest event and its placer, oldest first, for a device that connects. */
  latestEvents(now: number): Promise<{ last_event: string; placer_uid: string; placer_unit_id: string | null }[]> {
    return this.db
      .selectFrom('tak_points')
      .select(['last_event', 'placer_uid', 'placer_unit_id'])
      .where('stale_at', '>', now)
      .orderBy('updated_at')
      .execute();
  }

  async save(trx: Executor, row: TakPointRow): Promise<void> {
    const { uid: _uid, placed_at: _placedAt, ...changes } = row;
    await trx
      .insertInto('tak_points')
      .values(row)
      .onConflict((conflict) => conflict.column('uid').doUpdateSet(changes))
      .execute();
  }

  async remove(trx: Executor, uid: string): Promise<void> {
    await trx.deleteFrom('tak_points').where('uid', '=', uid).execute();
  }

  /** Forgets the points gone stale by `now`: the map and the devices have let them go. */
  async removeStale(now: number): Promise<void> {
    await this.db.deleteFrom('tak_points').where('stale_at', '<=', now).execute();
  }

  private view(executor: Executor = this.db) {
    return executor
      .selectFrom('tak_points as p')
      .leftJoin('tak_contacts as c', 'c.uid', 'p.placer_uid')
      .leftJoin('units as u', 'u.id', 'p.placer_unit_id')
      .leftJoin('users as s', 's.id', 'p.placer_user_id')
      .selectAll('p')
      .select(['c.callsign as placer_callsign', 'u.callsign as unit_callsign', 's.full_name as user_name']);
  }
}
