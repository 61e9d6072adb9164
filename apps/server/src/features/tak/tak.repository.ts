import type { Selectable } from 'kysely';
import type { TakContactsTable } from '../../db/schema';
import { TransactionalRepository } from '../../db/repository';

export type TakContactRow = Selectable<TakContactsTable>;
export type TakContactView = TakContactRow & { unit_callsign: string | null };

/** TAK contacts (migration 0037); the only place that speaks SQL about them. */
export class TakRepository extends TransactionalRepository {
  list(): Promise<TakContactView[]> {
    return this.db
      .selectFrom('tak_contacts as c')
      .leftJoin('units as u', 'u.id', 'c.unit_id')
      .selectAll('c')
      .select('u.callsign as unit_callsign')
      .orderBy('c.callsign')
      .orderBy('c.uid')
      .execute();
  }

  async find(uid: string): Promise<TakContactView | undefined> {
    return this.db
      .selectFrom('tak_contacts as c')
      .leftJoin('units as u', 'u.id', 'c.unit_id')
      .selectAll('c')
      .select('u.callsign as unit_callsign')
      .where('c.uid', '=', uid)
      .executeTakeFirst();
  }

  /** The contacts of these uids (a pass of the stream's positions, just saved). */
  findMany(uids: readonly string[]): Promise<TakContactView[]> {
    if (uids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('tak_contacts as c')
      .leftJoin('units as u', 'u.id', 'c.unit_id')
      .selectAll('c')
      .select('u.callsign as unit_callsign')
      .where('c.uid', 'in', uids)
      .execute();
  }

  findByUnit(unitId: string): Promise<TakContactRow | undefined> {
    return this.db.selectFrom('tak_contacts').selectAll().where('unit_id', '=', unitId).executeTakeFirst();
  }

  /** Every bound contact's uid and unit. */
  async bindings(): Promise<{ uid: string; unitId: string }[]> {
    const rows = await this.db.selectFrom('tak_contacts').select(['uid', 'unit_id']).where('unit_id', 'is not', null).execute();
    return rows.map((row) => ({ uid: row.uid, unitId: row.unit_id! }));
  }

  /** The latest SA of each contact with the unit it is bound to, oldest first, for a device that connects. */
  async latestSaWithUnits(): Promise<{ xml: string; unitId: string | null }[]> {
    const rows = await this.db.selectFrom('tak_contacts').select(['last_sa', 'unit_id']).orderBy('last_seen').execute();
    return rows.map((row) => ({ xml: row.last_sa, unitId: row.unit_id }));
  }

  /** Records a contact's SA; its binding, made by an administrator, is left as it is. */
  async saveSa(row: Omit<TakContactRow, 'unit_id'>): Promise<TakContactView> {
    const { uid: _uid, ...changes } = row;
    await this.db
      .insertInto('tak_contacts')
      .values({ ...row, unit_id: null })
      .onConflict((conflict) => conflict.column('uid').doUpdateSet(changes))
      .execute();
    return (await this.find(row.uid))!;
  }

  /**
   * Records many contacts' SAs in one statement, so in one commit: the stream's writer saves a
   * pass of positions at once (tak-latest-sa-writer.ts). The uids must be distinct (PostgreSQL
   * updates a row once per statement); bindings are left as they are.
   */
  async saveSas(rows: readonly Omit<TakContactRow, 'unit_id'>[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('tak_contacts')
      .values(rows.map((row) => ({ ...row, unit_id: null })))
      .onConflict((conflict) =>
        conflict.column('uid').doUpdateSet((update) => ({
          callsign: update.ref('excluded.callsign'),
          cot_type: update.ref('excluded.cot_type'),
          lat: update.ref('excluded.lat'),
          lon: update.ref('excluded.lon'),
          battery: update.ref('excluded.battery'),
          last_sa: update.ref('excluded.last_sa'),
          last_seen: update.ref('excluded.last_seen'),
        })),
      )
      .execute();
  }

  /** Binds `uid` to the unit its certificate names, unbinding whichever contact held that unit. */
  async claim(uid: string, unitId: string): Promise<void> {
    await this.transaction(async (trx) => {
      await trx.updateTable('tak_contacts').set({ unit_id: null }).where('unit_id', '=', unitId).where('uid', '!=', uid).execute();
      await trx.updateTable('tak_contacts').set({ unit_id: unitId }).where('uid', '=', uid).execute();
    });
  }

  /** Every device uid a certificate in force names. */
  async certifiedUids(now: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('tak_certificates')
      .select('device_uid')
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .execute();
    return rows.map((row) => row.device_uid);
  }

  /** Answers whether the contact was still there to bind (retention may have just deleted it). */
  async bind(uid: string, unitId: string | null): Promise<boolean> {
    const result = await this.db.updateTable('tak_contacts').set({ unit_id: unitId }).where('uid', '=', uid).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
