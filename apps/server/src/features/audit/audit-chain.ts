import type { KeyObject } from 'node:crypto';
import { sha256 } from '../../lib/tokens';
import { CHECKPOINT_EVERY, signatureProblem, type AuditCheckpoint } from './audit-checkpoint';
import type { AuditEventRow } from './audit.repository';

export const GENESIS_HASH = '0'.repeat(64);

/** Each entry's hash covers its fields and the previous hash, so any edit or deletion breaks the chain. */
export function auditHash(prevHash: string, row: Omit<AuditEventRow, 'prev_hash' | 'hash'>): string {
  const fields = [row.seq, row.at, row.actor_id, row.subject_id, row.action, row.target, row.ip, row.user_agent, row.detail];
  return sha256(`${prevHash}\n${JSON.stringify(fields)}`);
}

export interface ChainVerdict {
  checked: number;
  /** The first entry that does not hold, or null when the whole chain does. */
  brokenAt: number | null;
  reason: string | null;
  /** The last entry a valid signature covers (a checkpoint or the exported head), null when none does. */
  signedUpTo: number | null;
}

export interface ChainEvidence {
  /** Every entry in seq order. */
  entries: Iterable<AuditEventRow> | AsyncIterable<AuditEventRow>;
  /** The stored head: where the last append left the chain. */
  head: { seq: number; hash: string };
  checkpoints: readonly AuditCheckpoint[];
  key: { keyId: string; publicKey: KeyObject };
  /** A head exported earlier and kept elsewhere; the chain must still hold it. */
  exportedHead?: AuditCheckpoint | undefined;
}

interface Claim {
  hash: string;
  name: string;
}

/**
 * Walks the chain against everything that vouches for it and answers the first entry that does not
 * hold: the entries' own hashes, the stored head, every signed checkpoint (none forged, none
 * deleted from the every-hundredth-entry ones, each matching the chain) and an exported head. The
 * checkpoints turn "the chain is consistent", which anyone who can write the database can
 * restore after an edit, into "the chain is the one the key's holder signed".
 */
export async function verifyAuditChain(evidence: ChainEvidence): Promise<ChainVerdict> {
  const claims = new Map<number, Claim[]>();
  const signed = [
    ...evidence.checkpoints.map((checkpoint) => ({ checkpoint, name: 'checkpoint' })),
    ...(evidence.exportedHead ? [{ checkpoint: evidence.exportedHead, name: 'exported head' }] : []),
  ];
  for (const { checkpoint, name } of signed) {
    const problem = signatureProblem(evidence.key, checkpoint, name);
    if (problem) return { checked: 0, brokenAt: checkpoint.seq, reason: problem, signedUpTo: null };
    claims.set(checkpoint.seq, [...(claims.get(checkpoint.seq) ?? []), { hash: checkpoint.hash, name }]);
  }
  const checkpointed = new Set(evidence.checkpoints.map((checkpoint) => checkpoint.seq));

  let prevHash = GENESIS_HASH;
  let checked = 0;
  let signedUpTo: number | null = null;
  const broken = (brokenAt: number, reason: string): ChainVerdict => ({ checked, brokenAt, reason, signedUpTo });
  for await (const row of evidence.entries) {
    const expectedSeq = checked + 1;
    if (row.seq !== expectedSeq) return broken(expectedSeq, `entry ${expectedSeq} is missing`);
    if (row.prev_hash !== prevHash) return broken(row.seq, 'previous hash does not match');
    if (auditHash(prevHash, row) !== row.hash) return broken(row.seq, 'entry was altered');
    for (const claim of claims.get(row.seq) ?? []) {
      if (claim.hash !== row.hash)
        return broken(row.seq, `entry ${row.seq} does not match the ${claim.name} signed for it: the chain was rewritten at or before it`);
      signedUpTo = row.seq;
    }
    if (row.seq % CHECKPOINT_EVERY === 0 && !checkpointed.has(row.seq)) {
      return broken(
        row.seq,
        `entry ${row.seq} has no signed checkpoint (one is signed every ${CHECKPOINT_EVERY} entries): checkpoints were deleted`,
      );
    }
    prevHash = row.hash;
    checked += 1;
  }

  // A deleted tail leaves no gap in the rows; the head and any signature beyond the last entry remember where the chain ended.
  const beyond = [...claims.entries()].filter(([seq]) => seq > checked).sort(([a], [b]) => a - b)[0];
  if (beyond) return broken(checked + 1, `entries after ${checked} are missing: the ${beyond[1][0]!.name} covers entry ${beyond[0]}`);
  if (evidence.head.seq !== checked || evidence.head.hash !== prevHash) return broken(checked + 1, `entries after ${checked} are missing`);
  return { checked, brokenAt: null, reason: null, signedUpTo };
}
