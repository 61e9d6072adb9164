import { sql, type Selectable } from 'kysely';
import { insideBox } from '../../db/filters';
import { TransactionalRepository, type Executor } from '../../db/repository';
import type { ZoneImportsTable, ZonesTable } from '../../db/schema';
import type { AlertRow } from '../alerts/alerts.repository';
import type { IncidentRow } from '../incidents/incidents.repository';
import type { ReportRow } from '../reports/reports.repository';
import type { RiskLevel, ZoneKind } from '@argus/contracts/zones';

export type ZoneRow = Selectable<ZonesTable>;
export type ZoneImportRow = Selectable<ZoneImportsTable>;
export interface ZoneImportView extends ZoneImportRow {
  importedByName: string;
}
/** A rule as the rules engine stores it (its table may not exist on an older database). */
export interface RuleRow {
  id: string;
  kind: string;
  name: string;
  enabled: number;
  params: string;
}

export type Box = { west: number; south: number; east: number; north: number };

export interface ZoneFilters {
  risks?: RiskLevel[] | undefined;
  kinds?: ZoneKind[] | undefined;
  active?: boolean | undefined;
  box?: Box | undefined;
}

/** Rows inserted per statement: well under both dialects' limits on bound parameters. */
const INSERT_CHUNK = 200;
/** The most rows of each kind a zone's detail lists. */
const INSIDE_LIMIT = 500;

/** Only this file reads and writes zones and zone imports. */
export class ZonesRepository extends TransactionalRepository {
  private hasRules: Promise<boolean> | null = null;

  async insert(trx: Executor, rows: ZoneRow[]): Promise<void> {
    for (let start = 0; start < rows.length; start += INSERT_CHUNK)
      await trx
        .insertInto('zones')
        .values(rows.slice(start, start + INSERT_CHUNK))
        .execute();
  }

  find(id: string, trx: Executor = this.db): Promise<ZoneRow | undefined> {
    return trx.selectFrom('zones').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async update(trx: Executor, id: string, changes: Partial<ZoneRow>): Promise<void> {
    await trx.updateTable('zones').set(changes).where('id', '=', id).execute();
  }

  list(filters: ZoneFilters): Promise<ZoneRow[]> {
    let query = this.db.selectFrom('zones').selectAll().orderBy('name').orderBy('id');
    if (filters.active !== undefined) query = query.where('active', '=', filters.active ? 1 : 0);
    if (filters.risks?.length) query = query.where('risk_level', 'in', filters.risks);
    if (filters.kinds?.length) query = query.where('kind', 'in', filters.kinds);
    const box = filters.box;
    if (box) {
      query = query.where('max_lat', '>=', box.south).where('min_lat', '<=', box.north);
      // A box across the antimeridian (west > east) is two boxes.
      query =
        box.west <= box.east
          ? query.where('max_lon', '>=', box.west).where('min_lon', '<=', box.east)
          : query.where((eb) => eb.or([eb('max_lon', '>=', box.west), eb('min_lon', '<=', box.east)]));
    }
    return query.execute();
  }

  incidentsIn(box: Box): Promise<IncidentRow[]> {
    return this.db
      .selectFrom('incidents')
      .selectAll()
      .where((eb) => insideBox(eb, [box.south, box.west, box.north, box.east]))
      .orderBy('created_at', 'desc')
      .limit(INSIDE_LIMIT)
      .execute();
  }

  reportsIn(box: Box): Promise<ReportRow[]> {
    return this.db
      .selectFrom('reports')
      .selectAll()
      .where((eb) => insideBox(eb, [box.south, box.west, box.north, box.east]))
      .orderBy('created_at', 'desc')
      .limit(INSIDE_LIMIT)
      .execute();
  }

  alertsIn(box: Box): Promise<AlertRow[]> {
    return this.db
      .selectFrom('alerts')
      .selectAll()
      .where((eb) => insideBox(eb, [box.south, box.west, box.north, box.east]))
      .orderBy('created_at', 'desc')
      .limit(INSIDE_LIMIT)
      .execute();
  }

  /** Every rule, or none while the rules engine's table does not exist. */
  async rules(): Promise<RuleRow[]> {
    this.hasRules ??= this.db.introspection.getTables().then((tables) => tables.some((table) => table.name === 'rules'));
    if (!(await this.hasRules)) return [];
    const result = await sql<RuleRow>`select id, kind, name, enabled, params from rules order by id`.execute(this.db);
    return result.rows;
  }

  async insertImport(trx: Executor, row: ZoneImportRow): Promise<void> {
    await trx.insertInto('zone_imports').values(row).execute();
  }

  findImport(id: string, trx: Executor = this.db): Promise<ZoneImportRow | undefined> {
    return trx.selectFrom('zone_imports').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async importView(id: string): Promise<ZoneImportView | undefined> {
    return (await this.importViews(id))[0];
  }

  /** Imports, newest first, with the importer's name. */
  importViews(id?: string, limit = 100): Promise<ZoneImportView[]> {
    let query = this.db
      .selectFrom('zone_imports')
      .innerJoin('users', 'users.id', 'zone_imports.imported_by')
      .selectAll('zone_imports')
      .select('users.full_name as importedByName')
      .orderBy('zone_imports.imported_at', 'desc')
      .orderBy('zone_imports.id', 'desc')
      .limit(limit);
    if (id) query = query.where('zone_imports.id', '=', id);
    return query.execute();
  }

  async markImportUndone(trx: Executor, id: string, at: number): Promise<boolean> {
    const result = await trx
      .updateTable('zone_imports')
      .set({ undone_at: at })
      .where('id', '=', id)
      .where('undone_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Deactivates an import's active zones and answers them as they now are. */
  async deactivateImported(trx: Executor, importId: string, at: number): Promise<ZoneRow[]> {
    const ids = (await trx.selectFrom('zones').select('id').where('import_id', '=', importId).where('active', '=', 1).execute()).map(
      (row) => row.id,
    );
    if (ids.length === 0) return [];
    await trx.updateTable('zones').set({ active: 0, updated_at: at }).where('id', 'in', ids).execute();
    return trx.selectFrom('zones').selectAll().where('id', 'in', ids).execute();
  }
}
