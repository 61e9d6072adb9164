import { randomUUID } from 'node:crypto';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { CreateZoneRequest, UpdateZoneRequest, ZoneGeometry, ZoneListQuery } from '@argus/contracts/http/zones';
import { isCommandRole } from '@argus/contracts/roles';
import { riskRank, type RiskLevel } from '@argus/contracts/zones';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { DurableEvents } from '../../realtime/durable-events';
import type { AlertRow } from '../alerts/alerts.repository';
import type { IncidentRow } from '../incidents/incidents.repository';
import type { ReportsRepository, ReportView } from '../reports/reports.repository';
import type { UserRow } from '../users/users.repository';
import { boundsOf, examineGeometry } from './geometry';
import { zoneEvents } from './zones.events';
import type { Box, RuleRow, ZoneRow, ZonesRepository } from './zones.repository';

/** What one zone holds: the incidents, reports and alerts located inside it, and the rules watching it. */
export interface ZoneDetail {
  zone: ZoneRow;
  incidents: IncidentRow[];
  reports: ReportView[];
  alerts: AlertRow[];
  rules: { rule: RuleRow; why: string }[];
}

export const editsZones = (user: Pick<UserRow, 'role'>) => isCommandRole(user.role);

/** A geometry fit to store, or a 400 naming every problem. */
export function acceptGeometry(geometry: unknown): ZoneGeometry {
  const verdict = examineGeometry(geometry);
  if (verdict.problems.length > 0 || !verdict.result) {
    throw new AppError(
      'validation_failed',
      `The zone's shape is not valid: ${verdict.problems.map((problem) => problem.message).join(' ')}`,
      verdict.problems.map((problem) => ({ path: 'geometry', message: problem.message })),
    );
  }
  return verdict.result;
}

export function withGeometry(geometry: ZoneGeometry): Pick<ZoneRow, 'geometry' | 'min_lon' | 'min_lat' | 'max_lon' | 'max_lat'> {
  const [west, south, east, north] = boundsOf(geometry);
  return { geometry: JSON.stringify(geometry), min_lon: west, min_lat: south, max_lon: east, max_lat: north };
}

const boxOf = (row: ZoneRow): Box => ({ west: row.min_lon, south: row.min_lat, east: row.max_lon, north: row.max_lat });

/** Why a rule watches this zone, or null: it names the zone, or its risk threshold and kinds take it in. */
function watchReason(rule: RuleRow, zone: ZoneRow): string | null {
  if (rule.params.includes(zone.id)) return 'Names this zone.';
  let params: Record<string, unknown>;
  try {
    params = JSON.parse(rule.params) as Record<string, unknown>;
  } catch {
    return null;
  }
  const minRisk = params.minRisk;
  if (typeof minRisk !== 'string' || riskRank(minRisk as RiskLevel) < 0) return null;
  if (riskRank(zone.risk_level) < riskRank(minRisk as RiskLevel)) return null;
  const kinds = params.zoneKinds;
  if (Array.isArray(kinds) && !kinds.includes(zone.kind)) return null;
  return `Watches ${Array.isArray(kinds) ? kinds.join(' and ') + ' ' : ''}zones at ${minRisk} risk or above.`;
}

/**
 * Zones: command draws, edits and deactivates them; analysts re-rate their risk; field units
 * see the active ones (shape and risk, not notes) so crews know where danger is; civic
 * reporters see none. Every write checks the geometry and announces the zone after commit.
 */
export class ZonesService {
  constructor(
    private readonly zones: ZonesRepository,
    private readonly reports: ReportsRepository,
    private readonly clock: Clock,
    private readonly events: DurableEvents,
  ) {}

  list(viewer: UserRow, query: ZoneListQuery): Promise<ZoneRow[]> {
    const active = viewer.role === 'Field_Unit' || query.active === 'true' ? true : query.active === 'false' ? false : undefined;
    const bbox = query.bbox as [number, number, number, number] | undefined;
    return this.zones.list({
      risks: query.risk,
      kinds: query.kind,
      active,
      box: bbox ? { south: bbox[0], west: bbox[1], north: bbox[2], east: bbox[3] } : undefined,
    });
  }

  async find(id: string): Promise<ZoneRow> {
    const row = await this.zones.find(id);
    if (!row) throw new AppError('not_found', 'No such zone.');
    return row;
  }

  async detail(id: string): Promise<ZoneDetail> {
    const zone = await this.find(id);
    const geometry = JSON.parse(zone.geometry) as ZoneGeometry;
    const inside = (row: { lat: number | null; lon: number | null }) =>
      row.lat !== null && row.lon !== null && booleanPointInPolygon([row.lon, row.lat], geometry);
    const box = boxOf(zone);
    const [incidents, reports, alerts, rules] = await Promise.all([
      this.zones.incidentsIn(box),
      this.zones.reportsIn(box),
      this.zones.alertsIn(box),
      this.zones.rules(),
    ]);
    return {
      zone,
      incidents: incidents.filter(inside),
      reports: await this.reports.withDetails(reports.filter(inside)),
      alerts: alerts.filter(inside),
      rules: rules.flatMap((rule) => {
        const why = watchReason(rule, zone);
        return why ? [{ rule, why }] : [];
      }),
    };
  }

  /** `id` is given by a caller that must know the zone before it is announced (a TAK drawing). */
  async create(viewer: UserRow, request: CreateZoneRequest, id: string = randomUUID()): Promise<ZoneRow> {
    const now = this.clock.now();
    const row: ZoneRow = {
      id,
      name: request.name,
      kind: request.kind,
      risk_level: request.riskLevel,
      ...withGeometry(acceptGeometry(request.geometry)),
      notes: request.notes,
      active: 1,
      import_id: null,
      created_by: viewer.id,
      created_at: now,
      updated_at: now,
    };
    await this.events.transaction(this.zones, async (trx, pending) => {
      await this.zones.insert(trx, [row]);
      pending.add(zoneEvents.created(row));
    });
    return row;
  }

  async update(viewer: UserRow, id: string, request: UpdateZoneRequest): Promise<ZoneRow> {
    if (!editsZones(viewer) && Object.keys(request).some((key) => key !== 'riskLevel'))
      throw new AppError('forbidden', 'Analysts may change a zone’s risk level only.');
    const updated = await this.events.transaction(this.zones, async (trx, pending) => {
      const row = await this.zones.find(id, trx);
      if (!row) throw new AppError('not_found', 'No such zone.');
      const changes: Partial<ZoneRow> = { updated_at: this.clock.now() };
      if (request.name !== undefined) changes.name = request.name;
      if (request.kind !== undefined) changes.kind = request.kind;
      if (request.riskLevel !== undefined) changes.risk_level = request.riskLevel;
      if (request.notes !== undefined) changes.notes = request.notes;
      if (request.active !== undefined) changes.active = request.active ? 1 : 0;
      if (request.geometry !== undefined) Object.assign(changes, withGeometry(acceptGeometry(request.geometry)));
      await this.zones.update(trx, id, changes);
      const next = { ...row, ...changes };
      pending.add(zoneEvents.updated(next));
      return next;
    });
    return updated;
  }
}
