import type { Readable } from 'node:stream';
import type { EvidenceListQuery } from '@argus/contracts/http/evidence';
import type { Clock } from '../../lib/clock';
import type { FileStore } from '../../lib/file-store';
import type { DurableEvents } from '../../realtime/durable-events';
import type { FieldScopeRepository } from '../../realtime/field-scope.repository';
import type { AuditContext, AuditLog } from '../audit/audit.log';
import type { IncidentsService } from '../incidents/incidents.service';
import type { UserRow } from '../users/users.repository';
import type { ByteRange } from './byte-range';
import { CustodyLog } from './custody-log';
import { EvidenceExport, type PreparedExport } from './evidence-export.service';
import { EvidenceIntake, type IngestMeta } from './evidence-intake.service';
import { EvidenceReview } from './evidence-review.service';
import { EvidenceVerification, type VerificationResult } from './evidence-verification.service';
import type { CustodyView, EvidenceRepository, EvidenceRow, EvidenceView } from './evidence.repository';

/**
 * Evidence items and their chain of custody, as one service for the routes, reports and the CLI.
 * Files are hashed while they stream to storage and never changed afterwards; every ingest, view,
 * download, link, status change and export is a custody entry chained by hash to the one before
 * it. Each concern lives in its own file: intake, review, verification and export, over one
 * custody log; this class only puts them together.
 */
export class EvidenceService {
  private readonly intake: EvidenceIntake;
  private readonly reviewing: EvidenceReview;
  private readonly verification: EvidenceVerification;
  private readonly exporting: EvidenceExport;

  constructor(
    evidence: EvidenceRepository,
    files: FileStore,
    audit: AuditLog,
    clock: Clock,
    maxBytes: number,
    incidents: Pick<IncidentsService, 'recordIn'>,
    events: DurableEvents,
    fieldScope: Pick<FieldScopeRepository, 'forUser'>,
  ) {
    const custodyLog = new CustodyLog(evidence, clock, incidents, events);
    this.intake = new EvidenceIntake(evidence, files, custodyLog, clock, maxBytes, events, fieldScope);
    this.reviewing = new EvidenceReview(evidence, files, custodyLog, audit, events);
    this.verification = new EvidenceVerification(evidence, files, clock);
    this.exporting = new EvidenceExport(evidence, files, custodyLog, audit, clock);
  }

  ingest(stream: Readable, meta: IngestMeta, context: AuditContext): Promise<EvidenceView> {
    return this.intake.ingest(stream, meta, context);
  }

  upload(...args: Parameters<EvidenceIntake['upload']>): Promise<EvidenceView> {
    return this.intake.upload(...args);
  }

  adoptReportPhoto(...args: Parameters<EvidenceIntake['adoptReportPhoto']>): Promise<EvidenceRow> {
    return this.intake.adoptReportPhoto(...args);
  }

  list(viewer: UserRow, query: EvidenceListQuery): Promise<{ items: EvidenceView[]; nextCursor: string | null }> {
    return this.reviewing.list(viewer, query);
  }

  open(viewer: UserRow, id: string, context: AuditContext): Promise<EvidenceView> {
    return this.reviewing.open(viewer, id, context);
  }

  download(
    viewer: UserRow,
    id: string,
    disposition: 'inline' | 'attachment',
    rangeHeader: string | undefined,
    context: AuditContext,
  ): Promise<{ item: EvidenceRow; stream: Readable; range: ByteRange | null }> {
    return this.reviewing.download(viewer, id, disposition, rangeHeader, context);
  }

  review(
    viewer: UserRow,
    id: string,
    status: 'accepted' | 'rejected',
    reason: string | undefined,
    context: AuditContext,
  ): Promise<EvidenceView> {
    return this.reviewing.review(viewer, id, status, reason, context);
  }

  link(viewer: UserRow, id: string, incidentId: string, context: AuditContext): Promise<EvidenceView> {
    return this.reviewing.link(viewer, id, incidentId, context);
  }

  custody(viewer: UserRow, id: string): Promise<CustodyView[]> {
    return this.reviewing.custody(viewer, id);
  }

  verify(viewer: UserRow, id: string): Promise<VerificationResult> {
    return this.verification.verify(viewer, id);
  }

  verifyItem(id: string): Promise<VerificationResult> {
    return this.verification.verifyItem(id);
  }

  verifyAll(): AsyncGenerator<VerificationResult> {
    return this.verification.verifyAll();
  }

  prepareExport(viewer: UserRow, ids: string[], context: AuditContext): Promise<PreparedExport> {
    return this.exporting.prepareExport(viewer, ids, context);
  }

  openFile(item: EvidenceRow): Readable {
    return this.exporting.openFile(item);
  }
}
