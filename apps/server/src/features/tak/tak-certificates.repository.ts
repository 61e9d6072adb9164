import type { Selectable } from 'kysely';
import type { TakCertificatesTable } from '../../db/schema';
import { TransactionalRepository, type Executor } from '../../db/repository';

export type TakCertificateRow = Selectable<TakCertificatesTable>;
export type TakCertificateView = TakCertificateRow & {
  user_email: string;
  user_name: string;
  user_active: number;
  user_role: string;
  unit_callsign: string | null;
};

/** Certificates issued to TAK devices (migration 0038); the only place that speaks SQL about them. */
export class TakCertificatesRepository extends TransactionalRepository {
  private view() {
    return this.db
      .selectFrom('tak_certificates as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .leftJoin('units as n', 'n.id', 'c.unit_id')
      .selectAll('c')
      .select([
        'u.email as user_email',
        'u.full_name as user_name',
        'u.is_active as user_active',
        'u.role as user_role',
        'n.callsign as unit_callsign',
      ]);
  }

  list(): Promise<TakCertificateView[]> {
    return this.view().orderBy('c.issued_at', 'desc').orderBy('c.id').execute();
  }

  find(id: string): Promise<TakCertificateView | undefined> {
    return this.view().where('c.id', '=', id).executeTakeFirst();
  }

  /** The certificate a TLS peer presented, by the SHA-256 of its DER. */
  findByFingerprint(fingerprint: string): Promise<TakCertificateView | undefined> {
    return this.view().where('c.fingerprint', '=', fingerprint).executeTakeFirst();
  }

  findMany(ids: string[]): Promise<TakCertificateView[]> {
    return this.view().where('c.id', 'in', ids).execute();
  }

  /** Certificates not revoked that name this device uid or this unit (expired ones too: they hold the uid until revoked). */
  unrevokedFor(deviceUid: string, unitId: string): Promise<TakCertificateView[]> {
    return this.view()
      .where('c.revoked_at', 'is', null)
      .where((eb) => eb.or([eb('c.device_uid', '=', deviceUid), eb('c.unit_id', '=', unitId)]))
      .execute();
  }

  /** The unit's certificates in force now (not revoked, not expired). */
  inForceForUnit(unitId: string, now: number): Promise<TakCertificateView[]> {
    return this.view().where('c.unit_id', '=', unitId).where('c.revoked_at', 'is', null).where('c.expires_at', '>', now).execute();
  }

  /** Saves a new certificate and revokes those it replaces, in the caller's transaction. */
  async insertReplacing(trx: Executor, row: TakCertificateRow, replaced: string[], now: number): Promise<void> {
    if (replaced.length) {
      await trx
        .updateTable('tak_certificates')
        .set({ revoked_at: now, revoked_by: row.user_id })
        .where('id', 'in', replaced)
        .where('revoked_at', 'is', null)
        .execute();
    }
    await trx.insertInto('tak_certificates').values(row).execute();
  }

  /** Revokes one certificate; false when it was revoked already. */
  async revoke(id: string, by: string | null, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('tak_certificates')
      .set({ revoked_at: now, revoked_by: by })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Revokes every certificate of a user still in force; the ids revoked. */
  async revokeUser(userId: string, by: string | null, now: number): Promise<string[]> {
    return this.transaction(async (trx) => {
      const ids = (
        await trx.selectFrom('tak_certificates').select('id').where('user_id', '=', userId).where('revoked_at', 'is', null).execute()
      ).map((row) => row.id);
      if (ids.length) await trx.updateTable('tak_certificates').set({ revoked_at: now, revoked_by: by }).where('id', 'in', ids).execute();
      return ids;
    });
  }
}
