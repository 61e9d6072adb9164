import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { FileStore } from '../../lib/file-store';
import type { UserRow } from '../users/users.repository';
import { checkChain } from './custody-chain';
import { findVisibleItem } from './evidence-access';
import type { EvidenceRepository } from './evidence.repository';

export interface VerificationResult {
  itemId: string;
  fileIntact: boolean;
  chainIntact: boolean;
  verified: boolean;
  entries: number;
  problems: string[];
  checkedAt: number;
}

/** Proves items unchanged: re-hashes each stored file against its ingest hash and walks its custody chain. */
export class EvidenceVerification {
  constructor(
    private readonly evidence: EvidenceRepository,
    private readonly files: FileStore,
    private readonly clock: Clock,
  ) {}

  /** Re-hashes the stored file and walks the item's custody chain. */
  async verify(viewer: UserRow, id: string): Promise<VerificationResult> {
    await findVisibleItem(this.evidence, viewer, id);
    return this.verifyItem(id);
  }

  async verifyItem(id: string): Promise<VerificationResult> {
    const item = await this.evidence.find(id);
    if (!item) throw new AppError('not_found', 'No such evidence item.');
    const problems: string[] = [];
    let fileIntact = false;
    try {
      const stored = await this.files.hash(item.storage_key);
      fileIntact = stored.sha256 === item.sha256 && stored.size === Number(item.size);
      if (!fileIntact) problems.push(`the stored file's SHA-256 is ${stored.sha256}, not the ${item.sha256} recorded at ingest`);
    } catch {
      problems.push('the stored file is missing');
    }
    // Entries appended after the item was read belong to a later state of it; the item row and
    // its entries up to its head were committed together.
    const entries = (await this.evidence.custody(id)).filter((entry) => Number(entry.seq) <= Number(item.custody_seq));
    const chainProblems = checkChain(item, entries);
    problems.push(...chainProblems);
    const chainIntact = chainProblems.length === 0;
    return {
      itemId: id,
      fileIntact,
      chainIntact,
      verified: fileIntact && chainIntact,
      entries: entries.length,
      problems,
      checkedAt: this.clock.now(),
    };
  }

  /** Every item in the store, a page at a time (the CLI's `evidence verify`). */
  async *verifyAll(): AsyncGenerator<VerificationResult> {
    let after = '';
    for (;;) {
      const ids = await this.evidence.idsAfter(after, 200);
      if (ids.length === 0) return;
      for (const id of ids) yield await this.verifyItem(id);
      after = ids.at(-1)!;
    }
  }
}
