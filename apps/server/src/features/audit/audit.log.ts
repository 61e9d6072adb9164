import { sha256 } from '../../lib/tokens';
import type { Clock } from '../../lib/clock';
import type { AuditEventRow, AuditFilters, AuditRepository } from './audit.repository';

/** Who did it and from where; the actor differs from the subject while switched. */
export interface AuditContext {
  actorId: string | null;
  subjectId: string | null;
  ip: string | null;
  userAgent: string | null;
}

export const SYSTEM_CONTEXT: AuditContext = { actorId: null, subjectId: null, ip: null, userAgent: 'argus-cli' };

/** Each entry's hash covers its fields and the previous hash, so any edit or deletion breaks the chain. */
export function auditHash(prevHash: string, row: Omit<AuditEventRow, 'prev_hash' | 'hash'>): string {
  const fields = [row.seq, row.at, row.actor_id, row.subject_id, row.action, row.target, row.ip, row.user_agent, row.detail];
  return sha256(`${prevHash}\n${JSON.stringify(fields)}`);
}

export class AuditLog {
  constructor(
    private readonly repository: AuditRepository,
    private readonly clock: Clock,
  ) {}

  async append(context: AuditContext, action: string, target: string | null, detail: Record<string, unknown>) {
    const event = {
      at: this.clock.now(),
      actor_id: context.actorId,
      subject_id: context.subjectId,
      action,
      target,
      ip: context.ip,
      user_agent: context.userAgent,
      detail: JSON.stringify(detail),
    };
    return this.repository.append(event, (prevHash, seq) => auditHash(prevHash, { ...event, seq }));
  }

  /** Walks the whole chain; answers the first broken link, or null when intact. */
  async verify(): Promise<{ checked: number; brokenAt: number | null; reason: string | null }> {
    let prevHash = '0'.repeat(64);
    let expectedSeq = 1;
    let checked = 0;
    for (;;) {
      const rows = await this.repository.page(expectedSeq - 1, 500);
      if (rows.length === 0) {
        // A deleted tail leaves no gap in the rows; the head remembers where the chain ended.
        const head = await this.repository.head();
        if (head.seq !== checked || head.hash !== prevHash) {
          return { checked, brokenAt: checked + 1, reason: `entries after ${checked} are missing` };
        }
        return { checked, brokenAt: null, reason: null };
      }
      for (const row of rows) {
        if (row.seq !== expectedSeq) return { checked, brokenAt: expectedSeq, reason: `entry ${expectedSeq} is missing` };
        if (row.prev_hash !== prevHash) return { checked, brokenAt: row.seq, reason: 'previous hash does not match' };
        if (auditHash(prevHash, row) !== row.hash) return { checked, brokenAt: row.seq, reason: 'entry was altered' };
        prevHash = row.hash;
        expectedSeq += 1;
        checked += 1;
      }
    }
  }

  search(filters: AuditFilters) {
    return this.repository.search(filters);
  }

  latest(limit: number, action?: string) {
    return this.repository.latest(limit, action);
  }
}
