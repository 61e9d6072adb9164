import { createHash, randomUUID } from 'node:crypto';
import { displayFileName } from '@argus/contracts/file-names';
import type { CommitImportRequest, ImportPreviewResponse, PreviewFeature } from '@argus/contracts/http/zones';
import { ZONE_IMPORT_LIMITS, isRiskLevel, type RiskLevel } from '@argus/contracts/zones';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { DurableEvents } from '../../realtime/durable-events';
import type { UserRow } from '../users/users.repository';
import { examineGeometry } from './geometry';
import type { ImportPreviewsRepository } from './import-previews.repository';
import { parseImportFile } from './parse-import';
import { zoneEvents } from './zones.events';
import type { ZoneImportView, ZoneRow, ZonesRepository } from './zones.repository';
import { withGeometry } from './zones.service';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

/** The risk level an attribute value maps to: the user's mapping, else a level's own name, else the default. */
export function riskFor(value: unknown, map: Record<string, RiskLevel>, fallback: RiskLevel): RiskLevel {
  const raw = text(value);
  const mapped = map[raw] ?? map[raw.toLowerCase()];
  if (mapped) return mapped;
  return isRiskLevel(raw.toLowerCase()) ? (raw.toLowerCase() as RiskLevel) : fallback;
}

const gone = () => new AppError('not_found', 'This preview has expired or was already imported. Upload the file again.');

export interface CommitOutcome {
  record: ZoneImportView;
  zones: ZoneRow[];
  rejected: { index: number; name: string; reasons: string[] }[];
}

/**
 * Zone import in two steps: preview (parse, check and repair every feature, keep the result a
 * short while in the database, for whichever server process the commit reaches) and commit (the
 * chosen features, named and rated from the chosen attributes, in one transaction with the
 * import's record and the preview's deletion). Undo deactivates what an import brought in.
 */
export class ZoneImportService {
  constructor(
    private readonly zones: ZonesRepository,
    private readonly previews: ImportPreviewsRepository,
    private readonly clock: Clock,
    private readonly events: DurableEvents,
  ) {}

  async preview(viewer: UserRow, filename: string, bytes: Uint8Array): Promise<ImportPreviewResponse> {
    const parsed = await parseImportFile(bytes);
    const attributes = new Set<string>();
    const features: PreviewFeature[] = parsed.features.map((feature, index) => {
      for (const key of Object.keys(feature.properties)) if (attributes.size < 200) attributes.add(key);
      const verdict = examineGeometry(feature.geometry);
      return {
        index,
        geometry: feature.geometry,
        properties: feature.properties,
        problems: verdict.problems,
        repairs: verdict.repairs,
        importable: verdict.result,
      };
    });
    const now = this.clock.now();
    const stored = {
      id: randomUUID(),
      ownerId: viewer.id,
      // The name becomes zone names and the import's record: kept to what it visibly says.
      filename: displayFileName(filename, 'upload'),
      format: parsed.format,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      features,
      expiresAt: now + ZONE_IMPORT_LIMITS.previewTtlMs,
    };
    await this.previews.put(stored, now);
    return {
      previewId: stored.id,
      filename: stored.filename,
      format: stored.format,
      sha256: stored.sha256,
      attributes: [...attributes],
      features,
      expiresAt: stored.expiresAt,
    };
  }

  async commit(viewer: UserRow, request: CommitImportRequest): Promise<CommitOutcome> {
    const now = this.clock.now();
    const preview = await this.previews.find(request.previewId, viewer.id, now);
    if (!preview) throw gone();
    const wanted = request.include ? new Set(request.include) : null;
    const importId = randomUUID();
    const rows: ZoneRow[] = [];
    const rejected: CommitOutcome['rejected'] = [];
    for (const feature of preview.features) {
      const name =
        (request.nameField ? text(feature.properties[request.nameField]) : '').slice(0, 200) || `${preview.filename} #${feature.index + 1}`;
      // Refused features are reported whether or not they were chosen; importable ones left out are simply skipped.
      if (!feature.importable) {
        rejected.push({ index: feature.index, name, reasons: feature.problems.map((problem) => problem.message) });
        continue;
      }
      if (wanted && !wanted.has(feature.index)) continue;
      rows.push({
        id: randomUUID(),
        name,
        kind: request.kind,
        risk_level: request.riskField
          ? riskFor(feature.properties[request.riskField], request.riskMap, request.defaultRisk)
          : request.defaultRisk,
        ...withGeometry(feature.importable),
        notes: '',
        active: 1,
        import_id: importId,
        created_by: viewer.id,
        created_at: now,
        updated_at: now,
      });
    }
    // The preview stays for another choice of features.
    if (rows.length === 0)
      throw new AppError('validation_failed', 'None of the chosen features can be imported as a zone; nothing was imported.');
    // Taken in the import's transaction: of two commits at once, through one process or two, the
    // second finds it gone; an import that fails leaves it for a retry.
    await this.events.transaction(this.zones, async (trx, pending) => {
      if (!(await this.previews.take(trx, preview.id, viewer.id, now))) throw gone();
      await this.zones.insertImport(trx, {
        id: importId,
        filename: preview.filename,
        sha256: preview.sha256,
        format: preview.format,
        imported_by: viewer.id,
        imported_at: now,
        imported_count: rows.length,
        rejected_count: rejected.length,
        undone_at: null,
      });
      await this.zones.insert(trx, rows);
      for (const row of rows) pending.add(zoneEvents.created(row));
    });
    return { record: (await this.zones.importView(importId))!, zones: rows, rejected };
  }

  listImports(): Promise<ZoneImportView[]> {
    return this.zones.importViews();
  }

  async undo(id: string): Promise<ZoneImportView> {
    await this.events.transaction(this.zones, async (trx, pending) => {
      const record = await this.zones.findImport(id, trx);
      if (!record) throw new AppError('not_found', 'No such import.');
      const now = this.clock.now();
      if (!(await this.zones.markImportUndone(trx, id, now))) throw new AppError('conflict', 'This import was already undone.');
      for (const row of await this.zones.deactivateImported(trx, id, now)) pending.add(zoneEvents.updated(row));
    });
    return (await this.zones.importView(id))!;
  }
}
