import type { Selectable } from 'kysely';
import { OPEN_INCIDENT_STATUSES } from '@argus/contracts/incidents';
import { TransactionalRepository, type Executor } from '../../db/repository';
import type { HomeAreaTable } from '../../db/schema';

export type HomeAreaRow = Selectable<HomeAreaTable>;

/** A box by its extreme coordinates, as SQL's min and max give it: all null when there was nothing. */
export interface Extent {
  west: number | null;
  south: number | null;
  east: number | null;
  north: number | null;
}

/** The fixed id of the single home area row. */
const HOME_ID = 'home';

/** The home area (migration 0036) and the extents it is derived from; the only place that speaks SQL about them. */
export class HomeAreaRepository extends TransactionalRepository {
  /** The area an administrator set, with the name of whoever set it. */
  find(db: Executor = this.db): Promise<(HomeAreaRow & { updated_by_name: string | null }) | undefined> {
    return db
      .selectFrom('home_area as h')
      .leftJoin('users as u', 'u.id', 'h.updated_by')
      .select(['h.id', 'h.west', 'h.south', 'h.east', 'h.north', 'h.updated_by', 'h.updated_at', 'u.full_name as updated_by_name'])
      .where('h.id', '=', HOME_ID)
      .executeTakeFirst();
  }

  async save(trx: Executor, row: Omit<HomeAreaRow, 'id'>): Promise<void> {
    await trx
      .insertInto('home_area')
      .values({ id: HOME_ID, ...row })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
      .execute();
  }

  async clear(trx: Executor): Promise<void> {
    await trx.deleteFrom('home_area').where('id', '=', HOME_ID).execute();
  }

  /** What the maps show now: units with a position, open incidents and active zones, one extent each. */
  async extents(db: Executor = this.db): Promise<Extent[]> {
    const units = db
      .selectFrom('units')
      .select((eb) => [
        eb.fn.min('lon').as('west'),
        eb.fn.min('lat').as('south'),
        eb.fn.max('lon').as('east'),
        eb.fn.max('lat').as('north'),
      ])
      .where('lat', 'is not', null)
      .where('lon', 'is not', null)
      .executeTakeFirstOrThrow();
    const incidents = db
      .selectFrom('incidents')
      .select((eb) => [
        eb.fn.min('lon').as('west'),
        eb.fn.min('lat').as('south'),
        eb.fn.max('lon').as('east'),
        eb.fn.max('lat').as('north'),
      ])
      .where('status', 'in', [...OPEN_INCIDENT_STATUSES])
      .executeTakeFirstOrThrow();
    const zones = db
      .selectFrom('zones')
      .select((eb) => [
        eb.fn.min('min_lon').as('west'),
        eb.fn.min('min_lat').as('south'),
        eb.fn.max('max_lon').as('east'),
        eb.fn.max('max_lat').as('north'),
      ])
      .where('active', '=', 1)
      .executeTakeFirstOrThrow();
    return (await Promise.all([units, incidents, zones])) as Extent[];
  }
}
