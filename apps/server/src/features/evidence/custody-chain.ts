import { sha256 } from '../../lib/tokens';
import type { CustodyRow, EvidenceRow } from './evidence.repository';
import { GENESIS_HASH } from './evidence.repository';

/**
 * Each custody entry's hash covers the previous entry's hash and its own fields (the item id
 * included, so an entry cannot be moved to another item's chain), in the same canonical form as
 * the audit log: the previous hash, a newline, and the fields as a JSON array.
 */
export function custodyHash(prevHash: string, row: Omit<CustodyRow, 'prev_hash' | 'hash'>): string {
  const fields = [row.item_id, row.seq, row.action, row.actor_id, row.at, row.ip, row.detail];
  return sha256(`${prevHash}\n${JSON.stringify(fields)}`);
}

/** What the first entry fixes about an item; the row must still say the same. */
export function ingestFacts(
  row: Pick<EvidenceRow, 'sha256' | 'size' | 'mime' | 'kind' | 'filename' | 'source' | 'captured_by' | 'derived_from_sha256'>,
) {
  return {
    sha256: row.sha256,
    size: Number(row.size),
    mime: row.mime,
    kind: row.kind,
    filename: row.filename,
    source: row.source,
    capturedBy: row.captured_by,
    derivedFromSha256: row.derived_from_sha256,
  };
}

/**
 * Walks one item's chain: sequence, links, hashes, the head the item remembers, and a replay of
 * what the entries say the item's hash, status and incident are. Answers every problem found.
 */
export function checkChain(item: EvidenceRow, entries: CustodyRow[]): string[] {
  const problems: string[] = [];
  let prevHash = GENESIS_HASH;
  let status = 'pending_review';
  let incidentId: string | null = null;
  entries.forEach((entry, index) => {
    const expectedSeq = index + 1;
    if (Number(entry.seq) !== expectedSeq) problems.push(`custody entry ${expectedSeq} is missing`);
    if (entry.prev_hash !== prevHash) problems.push(`custody entry ${entry.seq} does not follow the entry before it`);
    if (custodyHash(entry.prev_hash, entry) !== entry.hash) problems.push(`custody entry ${entry.seq} was altered`);
    prevHash = entry.hash;
    const detail = parse(entry.detail);
    if (expectedSeq === 1) {
      if (entry.action !== 'ingested') problems.push('the first custody entry is not the ingest');
      const recorded = JSON.stringify(detail.facts ?? null);
      if (recorded !== JSON.stringify(ingestFacts(item)))
        problems.push('the item no longer matches what was recorded when it was ingested');
      incidentId = (detail.incidentId as string | null | undefined) ?? null;
    }
    if (entry.action === 'status_changed') status = String(detail.to);
    if (entry.action === 'linked') incidentId = (detail.incidentId as string | null) ?? null;
  });
  if (entries.length === 0) problems.push('the custody log is empty');
  if (Number(item.custody_seq) !== entries.length || item.custody_head !== prevHash)
    problems.push('custody entries at the end of the log are missing');
  if (entries.length > 0 && item.status !== status) problems.push(`the item says ${item.status} but its custody log says ${status}`);
  if (entries.length > 0 && item.incident_id !== incidentId)
    problems.push('the item’s incident differs from the one its custody log records');
  return problems;
}

function parse(detail: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(detail);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
