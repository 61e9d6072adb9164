import { sign, verify, type KeyObject } from 'node:crypto';

/**
 * A checkpoint is a signed statement "entry `seq` of the audit chain has hash `hash`", made at
 * time `at` with the Ed25519 key `keyId`. Since each entry's hash covers every entry before it,
 * one checkpoint fixes the whole chain up to it: recomputing the chain after changing an entry
 * changes the hash the checkpoint signed, and only the key's holder can sign the new one.
 */
export interface AuditCheckpoint {
  seq: number;
  hash: string;
  at: number;
  keyId: string;
  signature: string;
}

/**
 * A checkpoint is signed in the append's own transaction at every multiple of this, and verify
 * requires each one, so deleting checkpoints is as visible as forging them. Changing the number
 * would make verify ask for checkpoints that were never made.
 */
export const CHECKPOINT_EVERY = 100;

/** The signed bytes; the prefix keeps a checkpoint signature from meaning anything else. */
function checkpointMessage(point: Pick<AuditCheckpoint, 'seq' | 'hash' | 'at'>): Buffer {
  return Buffer.from(`argus-audit-checkpoint/1\n${point.seq}\n${point.hash}\n${point.at}`);
}

export function signCheckpoint(
  key: { keyId: string; privateKey: KeyObject },
  point: Pick<AuditCheckpoint, 'seq' | 'hash' | 'at'>,
): AuditCheckpoint {
  const signature = sign(null, checkpointMessage(point), key.privateKey).toString('base64');
  return { seq: point.seq, hash: point.hash, at: point.at, keyId: key.keyId, signature };
}

/** What is wrong with a checkpoint's signature under this key, or null when it holds. */
export function signatureProblem(key: { keyId: string; publicKey: KeyObject }, checkpoint: AuditCheckpoint, name: string): string | null {
  if (checkpoint.keyId !== key.keyId) {
    return `the ${name} at entry ${checkpoint.seq} was signed by key ${checkpoint.keyId}, not by this server's key ${key.keyId}`;
  }
  const signature = Buffer.from(checkpoint.signature, 'base64');
  if (!verify(null, checkpointMessage(checkpoint), key.publicKey, signature)) {
    return `the ${name} at entry ${checkpoint.seq} has a signature that does not verify with key ${key.keyId}`;
  }
  return null;
}
