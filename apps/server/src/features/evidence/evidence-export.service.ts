import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { FileStore } from '../../lib/file-store';
import type { AuditContext, AuditLog } from '../audit/audit.log';
import type { UserRow } from '../users/users.repository';
import type { CustodyLog } from './custody-log';
import { reviewsEvidence } from './evidence-access';
import type { CustodyView, EvidenceRepository, EvidenceRow, EvidenceView } from './evidence.repository';

/** What goes into an export package (evidence.package.ts builds the zip from it). */
export interface PreparedExport {
  exportId: string;
  items: EvidenceView[];
  custody: Map<string, CustodyView[]>;
  at: number;
}

/** Chooses and records what an export package holds; the originals are read straight from storage. */
export class EvidenceExport {
  constructor(
    private readonly evidence: EvidenceRepository,
    private readonly files: FileStore,
    private readonly custodyLog: CustodyLog,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  /** Items for an export package: each gets an "exported" entry first, so the package holds its own export in each log. */
  async prepareExport(viewer: UserRow, ids: string[], context: AuditContext): Promise<PreparedExport> {
    const unique = [...new Set(ids)];
    const items = await this.evidence.findViews(unique);
    const missing = unique.filter((id) => !items.some((item) => item.id === id));
    if (missing.length > 0) throw new AppError('not_found', `No such evidence item: ${missing.slice(0, 3).join(', ')}.`);
    if (!reviewsEvidence(viewer)) throw new AppError('forbidden', 'Only command and analysts export evidence.');
    const exportId = randomUUID();
    for (const item of items) await this.custodyLog.log(item.id, 'exported', { exportId, items: unique.length }, context);
    await this.audit.append(context, 'evidence.exported', exportId, { items: unique });
    const custody = new Map<string, CustodyView[]>();
    for (const item of items) custody.set(item.id, await this.evidence.custody(item.id));
    const ordered = unique.map((id) => items.find((item) => item.id === id)!);
    return { exportId, items: ordered, custody, at: this.clock.now() };
  }

  openFile(item: EvidenceRow): Readable {
    return this.files.open(item.storage_key);
  }
}
