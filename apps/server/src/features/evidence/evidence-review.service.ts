import type { Readable } from 'node:stream';
import type { Transaction } from 'kysely';
import type { CustodyAction } from '@argus/contracts/evidence';
import type { EvidenceListQuery } from '@argus/contracts/http/evidence';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { decodeCursor, nextCursor } from '../../lib/cursor';
import type { FileStore } from '../../lib/file-store';
import type { DurableEvents } from '../../realtime/durable-events';
import type { PendingEvents } from '../../realtime/events';
import type { AuditContext, AuditLog } from '../audit/audit.log';
import type { UserRow } from '../users/users.repository';
import { parseRange, type ByteRange } from './byte-range';
import type { CustodyLog } from './custody-log';
import { findVisibleItem, reviewsEvidence } from './evidence-access';
import { evidenceEvents } from './evidence.events';
import type { CustodyView, EvidenceRepository, EvidenceRow, EvidenceView } from './evidence.repository';

/** What a review or link changes on an item, and the custody entry that records it. */
interface Decision {
  changes: Partial<Pick<EvidenceRow, 'status' | 'status_reason' | 'incident_id'>>;
  action: CustodyAction;
  detail: Record<string, unknown>;
}

/**
 * Working with items already in: listing, opening and downloading them (each a custody entry),
 * their custody log, accept/reject, and linking to incidents. Only command and analysts change
 * an item; a field unit reads what it captured.
 */
export class EvidenceReview {
  constructor(
    private readonly evidence: EvidenceRepository,
    private readonly files: FileStore,
    private readonly custodyLog: CustodyLog,
    private readonly audit: AuditLog,
    private readonly events: DurableEvents,
  ) {}

  async list(viewer: UserRow, query: EvidenceListQuery): Promise<{ items: EvidenceView[]; nextCursor: string | null }> {
    const items = await this.evidence.list({
      capturedBy: reviewsEvidence(viewer) ? query.capturedBy : viewer.id,
      incidentId: query.incidentId,
      kind: query.kind,
      statuses: query.status,
      from: query.from,
      to: query.to,
      before: query.cursor ? decodeCursor(query.cursor) : undefined,
      limit: query.limit,
    });
    return { items, nextCursor: nextCursor(items, query.limit) };
  }

  /** One item; opening it is a "viewed" custody entry and an audit event. */
  async open(viewer: UserRow, id: string, context: AuditContext): Promise<EvidenceView> {
    await findVisibleItem(this.evidence, viewer, id);
    await this.custodyLog.log(id, 'viewed', {}, context);
    await this.audit.append(context, 'evidence.viewed', id, {});
    return (await this.evidence.findViews([id]))[0]!;
  }

  /**
   * The original bytes as a stream, or one byte range of them (players seek in video and audio).
   * Saving a copy (`attachment`) is a "downloaded" custody entry naming the range; showing it in
   * the page (`inline`, however many ranges the player asks for) is part of viewing the item and
   * is covered by the person's recent "viewed" entry, or writes one
   * (docs/decisions/0056-one-action-one-custody-entry.md).
   */
  async download(
    viewer: UserRow,
    id: string,
    disposition: 'inline' | 'attachment',
    rangeHeader: string | undefined,
    context: AuditContext,
  ): Promise<{ item: EvidenceRow; stream: Readable; range: ByteRange | null }> {
    const item = await findVisibleItem(this.evidence, viewer, id);
    const range = rangeHeader ? parseRange(rangeHeader, Number(item.size)) : null;
    const detail = range ? { range: `${range.start}-${range.end}` } : {};
    if (disposition === 'attachment') await this.custodyLog.log(id, 'downloaded', { disposition, ...detail }, context);
    else await this.custodyLog.logView(id, { shownBy: 'viewer' }, context);
    return { item, stream: this.files.open(item.storage_key, range ?? undefined), range };
  }

  async review(
    viewer: UserRow,
    id: string,
    status: 'accepted' | 'rejected',
    reason: string | undefined,
    context: AuditContext,
  ): Promise<EvidenceView> {
    if (status === 'rejected' && !reason) throw new AppError('validation_failed', 'Say why the evidence is rejected.');
    return this.change(viewer, id, context, (item) => {
      if (item.status === status && (item.status_reason ?? null) === (reason ?? null)) return null;
      return {
        changes: { status, status_reason: reason ?? null },
        action: 'status_changed',
        detail: { from: item.status, to: status, reason: reason ?? null },
      };
    });
  }

  async link(viewer: UserRow, id: string, incidentId: string, context: AuditContext): Promise<EvidenceView> {
    const linked = await this.change(viewer, id, context, async (item, trx, pending) => {
      if (!(await this.evidence.incidentExists(incidentId, trx)))
        throw new AppError('not_found', 'No such incident to link the evidence to.');
      if (item.incident_id === incidentId) return null;
      await this.custodyLog.onTimeline(trx, pending, incidentId, item, context);
      return { changes: { incident_id: incidentId }, action: 'linked', detail: { from: item.incident_id, incidentId } };
    });
    return linked;
  }

  async custody(viewer: UserRow, id: string): Promise<CustodyView[]> {
    await findVisibleItem(this.evidence, viewer, id);
    return this.evidence.custody(id);
  }

  /** Applies a decision and its custody entry in one transaction; no decision (nothing to change) writes nothing. */
  private async change(
    viewer: UserRow,
    id: string,
    context: AuditContext,
    decide: (item: EvidenceRow, trx: Transaction<Database>, pending: PendingEvents) => Promise<Decision | null> | Decision | null,
  ): Promise<EvidenceView> {
    if (!reviewsEvidence(viewer)) throw new AppError('forbidden', 'Only command and analysts review evidence.');
    return this.events.transaction(this.evidence, async (trx, pending) => {
      const item = await this.evidence.find(id, trx);
      if (!item) throw new AppError('not_found', 'No such evidence item.');
      const decision = await decide(item, trx, pending);
      if (decision) {
        await this.evidence.update(trx, id, decision.changes);
        await this.custodyLog.appendIn(trx, id, decision.action, decision.detail, context);
      }
      const view = (await this.evidence.findViews([id], trx))[0]!;
      if (decision) pending.add(evidenceEvents.updated(view));
      return view;
    });
  }
}
