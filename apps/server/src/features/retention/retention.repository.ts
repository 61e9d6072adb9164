import { SESSION } from '@argus/contracts/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The deletes of the retention job (docs/decisions/0051-device-sessions-and-retention.md). Each
 * removes at most `limit` rows in one short statement, chosen by a sub-select, so SQLite's single
 * write lock is held for one batch at a time and several nodes running the same delete at once
 * only find fewer rows. Evidence, custody and the audit log are never touched here.
 */
export class RetentionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Idempotency keys of field actions (client_actions) received before `before`. */
  async deleteIdempotencyKeys(before: number, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('client_actions')
      .where('client_id', 'in', (eb) => eb.selectFrom('client_actions').select('client_id').where('created_at', '<', before).limit(limit))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Zone-import previews that expired before `now` without being committed. */
  async deleteExpiredZoneImportPreviews(now: number, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('zone_import_previews')
      .where('id', 'in', (eb) => eb.selectFrom('zone_import_previews').select('id').where('expires_at', '<=', now).limit(limit))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Telemetry (analytics_events) received before `before`. */
  async deleteTelemetry(before: number, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('analytics_events')
      .where('id', 'in', (eb) => eb.selectFrom('analytics_events').select('id').where('received_at', '<', before).limit(limit))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * TAK contacts bound to no unit and last heard before `before`. Any device on the plain CoT port can
   * send positions in made-up uids; this keeps them from piling up. A bound contact is a unit's device
   * and stays until an administrator unbinds it; a device heard again is simply a contact again.
   */
  async deleteUnboundTakContacts(before: number, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('tak_contacts')
      .where('uid', 'in', (eb) =>
        eb.selectFrom('tak_contacts').select('uid').where('unit_id', 'is', null).where('last_seen', '<', before).limit(limit),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * Sessions that ended before `before` — revoked, past their absolute limit, or (a person's, not
   * a device's) idle past 15 minutes — with their refresh tokens, which name them, first.
   */
  async deleteEndedSessions(before: number, limit: number): Promise<number> {
    const ended = this.db
      .selectFrom('sessions')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('revoked_at', '<', before),
          eb('absolute_expires_at', '<', before),
          eb.and([eb('device_id', 'is', null), eb('last_activity_at', '<', before - SESSION.inactivityMs)]),
        ]),
      )
      .limit(limit);
    const ids = (await ended.execute()).map((row) => row.id);
    if (ids.length === 0) return 0;
    await this.db.deleteFrom('refresh_tokens').where('session_id', 'in', ids).execute();
    const result = await this.db.deleteFrom('sessions').where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Refresh tokens already used (rotated) before `before`, in sessions still alive. */
  async deleteUsedRefreshTokens(before: number, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('refresh_tokens')
      .where('id', 'in', (eb) => eb.selectFrom('refresh_tokens').select('id').where('used_at', '<', before).limit(limit))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
