import type { Transaction } from 'kysely';
import type { CustodyAction } from '@argus/contracts/evidence';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { DurableEvents } from '../../realtime/durable-events';
import type { PendingEvents } from '../../realtime/events';
import type { AuditContext } from '../audit/audit.log';
import type { IncidentsService } from '../incidents/incidents.service';
import { custodyHash } from './custody-chain';
import { evidenceEvents } from './evidence.events';
import type { CustodyRow, EvidenceRepository, EvidenceRow } from './evidence.repository';

/** How long one look at an item lasts: the player's requests within it belong to the same view. */
const VIEW_SPAN_MS = 30 * 60_000;

/**
 * Writes every item's chain of custody: each entry is hashed over the one before it, so the
 * log is append-only in a way that can be checked. Also files evidence on its incident's
 * timeline, which every part of the feature that links an item to an incident needs.
 */
export class CustodyLog {
  constructor(
    private readonly evidence: EvidenceRepository,
    private readonly clock: Clock,
    private readonly incidents: Pick<IncidentsService, 'recordIn'>,
    private readonly events: DurableEvents,
  ) {}

  /** One entry in a transaction of its own, announced on the "evidence" channel once committed. */
  async log(id: string, action: CustodyAction, detail: Record<string, unknown>, context: AuditContext): Promise<CustodyRow> {
    return this.events.transaction(this.evidence, async (trx, pending) => {
      const entry = await this.appendIn(trx, id, action, detail, context);
      pending.add(evidenceEvents.custody(entry));
      return entry;
    });
  }

  /**
   * A "viewed" entry unless this person already has one for the item from the last VIEW_SPAN_MS: the
   * requests one look at an item makes (its page, then the player's byte ranges) are one human
   * action and one custody entry (docs/decisions/0056-one-action-one-custody-entry.md). Null when
   * an earlier entry already covers it.
   */
  async logView(id: string, detail: Record<string, unknown>, context: AuditContext): Promise<CustodyRow | null> {
    const since = this.clock.now() - VIEW_SPAN_MS;
    return this.events.transaction(this.evidence, async (trx, pending) => {
      const seen = await this.evidence.lastViewSince(trx, id, context.subjectId ?? context.actorId, since);
      if (seen !== null) return null;
      const entry = await this.appendIn(trx, id, 'viewed', detail, context);
      pending.add(evidenceEvents.custody(entry));
      return entry;
    });
  }

  /** One entry inside the caller's transaction; the caller announces the change it belongs to. */
  appendIn(
    trx: Transaction<Database>,
    id: string,
    action: CustodyAction,
    detail: Record<string, unknown>,
    context: AuditContext,
  ): Promise<CustodyRow> {
    // While an administrator is switched to another user, the entry names the user and keeps the administrator.
    const switched = context.actorId && context.subjectId && context.actorId !== context.subjectId ? { switchedFrom: context.actorId } : {};
    const entry = {
      action,
      actor_id: context.subjectId ?? context.actorId,
      at: this.clock.now(),
      ip: context.ip,
      detail: JSON.stringify({ ...detail, ...switched }),
    };
    return this.evidence.appendCustody(trx, id, entry, (prevHash, seq) => custodyHash(prevHash, { ...entry, item_id: id, seq }));
  }

  /** Evidence linked to an incident appears on the incident's one timeline (docs/decisions/0014-one-incident-timeline.md). */
  onTimeline(trx: Transaction<Database>, pending: PendingEvents, incidentId: string, item: EvidenceRow, context: AuditContext) {
    return this.incidents.recordIn(trx, pending, incidentId, 'evidence.linked', context.subjectId ?? context.actorId, {
      itemId: item.id,
      filename: item.filename,
      kind: item.kind,
      sha256: item.sha256,
    });
  }
}
