import type { Selectable } from 'kysely';
import { TransactionalRepository, type Executor } from '../../db/repository';
import type { DetectionsTable, RulesTable, ZonesTable } from '../../db/schema';
import { OPEN_ALERT_STATUSES } from '../alerts/alerts.repository';

export type RuleRow = Selectable<RulesTable>;
export type DetectionRow = Selectable<DetectionsTable>;
export type ZoneRow = Pick<
  Selectable<ZonesTable>,
  'id' | 'name' | 'kind' | 'risk_level' | 'geometry' | 'min_lon' | 'min_lat' | 'max_lon' | 'max_lat' | 'active'
>;
export interface PresenceRow {
  subject: string;
  zone_id: string;
  entered_at: number;
  alerted: number;
}

const ZONE_COLUMNS = ['id', 'name', 'kind', 'risk_level', 'geometry', 'min_lon', 'min_lat', 'max_lon', 'max_lat', 'active'] as const;

/** Only this file reads and writes rules, detections and zone presence, and reads what the engine resumes from. */
export class RulesRepository extends TransactionalRepository {
  listRules(): Promise<RuleRow[]> {
    return this.db.selectFrom('rules').selectAll().orderBy('id').execute();
  }

  findRule(id: string): Promise<RuleRow | undefined> {
    return this.db.selectFrom('rules').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async updateRule(id: string, changes: Partial<RuleRow>): Promise<void> {
    await this.db.updateTable('rules').set(changes).where('id', '=', id).execute();
  }

  activeZones(): Promise<ZoneRow[]> {
    return this.db.selectFrom('zones').select(ZONE_COLUMNS).where('active', '=', 1).execute();
  }

  findZone(id: string): Promise<ZoneRow | undefined> {
    return this.db.selectFrom('zones').select(ZONE_COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  presence(): Promise<PresenceRow[]> {
    return this.db.selectFrom('rule_presence').selectAll().execute();
  }

  /** Entering, or the dwell time passing: one row per subject and zone. */
  async enter(row: PresenceRow): Promise<void> {
    await this.db
      .insertInto('rule_presence')
      .values(row)
      .onConflict((conflict) => conflict.columns(['subject', 'zone_id']).doUpdateSet({ entered_at: row.entered_at, alerted: row.alerted }))
      .execute();
  }

  async leave(subject: string, zoneId: string): Promise<void> {
    await this.db.deleteFrom('rule_presence').where('subject', '=', subject).where('zone_id', '=', zoneId).execute();
  }

  units() {
    return this.db.selectFrom('units').select(['id', 'callsign', 'kind', 'status', 'lat', 'lon', 'position_at', 'updated_at']).execute();
  }

  /** Open alerts of the engine's stateful rules: silence, bursts and coverage resume from them. */
  openEngineAlerts() {
    return this.db
      .selectFrom('alerts')
      .select(['rule', 'subject', 'lat', 'lon', 'updated_at'])
      .where('rule', 'in', ['unit.silence', 'report.burst', 'zone.coverage'])
      .where('status', 'in', OPEN_ALERT_STATUSES)
      .execute();
  }

  reportsSince(since: number) {
    return this.db
      .selectFrom('reports')
      .select(['id', 'category', 'description', 'lat', 'lon', 'created_at'])
      .where('created_at', '>=', since)
      .orderBy('created_at')
      .limit(50_000)
      .execute();
  }

  async insertDetections(rows: DetectionRow[], trx: Executor = this.db): Promise<void> {
    if (rows.length > 0) await trx.insertInto('detections').values(rows).execute();
  }

  listDetections(query: { cameraId?: string | undefined; label?: string | undefined; limit: number }): Promise<DetectionRow[]> {
    let select = this.db.selectFrom('detections').selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(query.limit);
    if (query.cameraId) select = select.where('camera_id', '=', query.cameraId);
    if (query.label) select = select.where('label', '=', query.label);
    return select.execute();
  }
}
