import type { Kysely, Selectable } from 'kysely';
import type { Database, DevicesTable } from '../../db/schema';

export type DeviceRow = Selectable<DevicesTable>;
export type DeviceWithUnit = DeviceRow & { role: string; unit_callsign: string | null; created_by_name: string | null };

/** Only this file reads and writes the devices table. */
export class DevicesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: DeviceRow): Promise<void> {
    await this.db.insertInto('devices').values(row).execute();
  }

  private withNames() {
    return this.db
      .selectFrom('devices as d')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .leftJoin('units as n', 'n.id', 'd.unit_id')
      .leftJoin('users as c', 'c.id', 'd.created_by')
      .selectAll('d')
      .select(['u.role as role', 'n.callsign as unit_callsign', 'c.full_name as created_by_name']);
  }

  list(): Promise<DeviceWithUnit[]> {
    return this.withNames().orderBy('d.created_at', 'desc').orderBy('d.id').execute();
  }

  find(id: string): Promise<DeviceWithUnit | undefined> {
    return this.withNames().where('d.id', '=', id).executeTakeFirst();
  }

  /**
   * Uses an enrolment code once: of devices racing with the same code, exactly one gets the row
   * back, because the code is cleared in the same statement that checks it.
   */
  async claimEnrolment(codeHash: string, now: number): Promise<DeviceRow | undefined> {
    const found = await this.db.selectFrom('devices').select('id').where('enrolment_code_hash', '=', codeHash).executeTakeFirst();
    if (!found) return undefined;
    const result = await this.db
      .updateTable('devices')
      .set({ enrolment_code_hash: null, enrolled_at: now })
      .where('id', '=', found.id)
      .where('enrolment_code_hash', '=', codeHash)
      .where('revoked_at', 'is', null)
      .where('enrolment_expires_at', '>', now)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return undefined;
    return this.db.selectFrom('devices').selectAll().where('id', '=', found.id).executeTakeFirst();
  }

  /** Marks the device revoked; whether this call did (a second revocation changes nothing). */
  async revoke(id: string, by: string | null, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('devices')
      .set({ revoked_at: now, revoked_by: by, enrolment_code_hash: null })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
