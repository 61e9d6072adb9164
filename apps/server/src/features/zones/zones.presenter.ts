import { displayFileName } from '@argus/contracts/file-names';
import type { Zone, ZoneGeometry, ZoneImport } from '@argus/contracts/http/zones';
import type { ZoneImportFormat } from '@argus/contracts/zones';
import type { ZoneImportView, ZoneRow } from './zones.repository';

/** A zone as its viewer may see it: field units get the shape and risk, not command's notes. */
export function presentZone(row: ZoneRow, viewer: { seesNotes: boolean } = { seesNotes: true }): Zone {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    riskLevel: row.risk_level,
    geometry: JSON.parse(row.geometry) as ZoneGeometry,
    bbox: [row.min_lon, row.min_lat, row.max_lon, row.max_lat],
    notes: viewer.seesNotes ? row.notes : '',
    active: row.active === 1,
    importId: row.import_id,
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export function presentZoneImport(row: ZoneImportView): ZoneImport {
  return {
    id: row.id,
    filename: displayFileName(row.filename, 'upload'),
    sha256: row.sha256,
    format: row.format as ZoneImportFormat,
    importedBy: row.imported_by,
    importedByName: row.importedByName,
    importedAt: Number(row.imported_at),
    imported: row.imported_count,
    rejected: row.rejected_count,
    undoneAt: row.undone_at === null ? null : Number(row.undone_at),
  };
}
