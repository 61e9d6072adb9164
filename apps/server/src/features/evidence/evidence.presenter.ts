import { displayFileName } from '@argus/contracts/file-names';
import type { CustodyEntry, EvidenceItem } from '@argus/contracts/http/evidence';
import type { CustodyView, EvidenceView } from './evidence.repository';

export function presentEvidence(row: EvidenceView): EvidenceItem {
  return {
    id: row.id,
    incidentId: row.incident_id,
    kind: row.kind,
    // The row keeps the name as it arrived (its custody chain says so); people see what it really says.
    filename: displayFileName(row.filename, 'evidence'),
    mime: row.mime,
    size: Number(row.size),
    sha256: row.sha256,
    status: row.status,
    statusReason: row.status_reason,
    source: row.source,
    capturedBy: row.captured_by,
    capturedByName: row.captured_by_name,
    capturedAt: row.captured_at === null ? null : Number(row.captured_at),
    capturedWhere: row.captured_lat !== null && row.captured_lon !== null ? { lat: row.captured_lat, lon: row.captured_lon } : null,
    derivedFromId: row.derived_from_id,
    derivedFromSha256: row.derived_from_sha256,
    derivation: row.derivation,
    createdAt: Number(row.created_at),
  };
}

export function presentCustody(row: CustodyView): CustodyEntry {
  return {
    seq: Number(row.seq),
    action: row.action,
    actorId: row.actor_id,
    actorName: row.actor_name,
    at: Number(row.at),
    ip: row.ip,
    detail: JSON.parse(row.detail) as Record<string, unknown>,
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}
