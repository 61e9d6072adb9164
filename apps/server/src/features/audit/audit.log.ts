import type { AuditAction, AuditSignedHead } from '@argus/contracts/http/audit';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/app-error';
import { auditHash, verifyAuditChain, type ChainVerdict } from './audit-chain';
import { CHECKPOINT_EVERY, signCheckpoint, type AuditCheckpoint } from './audit-checkpoint';
import { publicKeyBase64, type AuditSigningKey } from './audit-signing-key';
import type { AuditEventRow, AuditFilters, AuditRepository } from './audit.repository';

/** Who did it and from where; the actor differs from the subject while switched. */
export interface AuditContext {
  actorId: string | null;
  subjectId: string | null;
  ip: string | null;
  userAgent: string | null;
}

export const SYSTEM_CONTEXT: AuditContext = { actorId: null, subjectId: null, ip: null, userAgent: 'argus-cli' };

const PAGE_SIZE = 500;

export class AuditLog {
  /** Whether the key was made on this start and has yet to sign the chain already stored. */
  private adoptionDue: boolean;

  constructor(
    private readonly repository: AuditRepository,
    private readonly clock: Clock,
    private readonly key: AuditSigningKey,
  ) {
    this.adoptionDue = key.created;
  }

  async append(context: AuditContext, action: AuditAction, target: string | null, detail: Record<string, unknown>) {
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
    return this.repository.append(
      event,
      (prevHash, seq) => auditHash(prevHash, { ...event, seq }),
      (seq, hash) => (seq % CHECKPOINT_EVERY === 0 ? signCheckpoint(this.key, { seq, hash, at: event.at }) : null),
    );
  }

  /** Signs the chain's head unless a checkpoint already covers it; periodically and at shutdown. */
  async checkpoint(): Promise<AuditCheckpoint | null> {
    const head = await this.repository.head();
    if (head.seq === 0 || head.seq <= (await this.repository.lastCheckpointSeq())) return null;
    return this.signAndStore(head);
  }

  /** The head, signed now, for the operator to keep away from this machine; stored as a checkpoint too. */
  async signedHead(): Promise<AuditSignedHead> {
    const head = await this.repository.head();
    if (head.seq === 0) throw new AppError('not_found', 'The audit log is empty: there is no head to sign yet.');
    const checkpoint = await this.signAndStore(head);
    return { format: 'argus-audit-head/1', ...checkpoint, publicKey: publicKeyBase64(this.key.publicKey) };
  }

  private async signAndStore(head: { seq: number; hash: string }): Promise<AuditCheckpoint> {
    const checkpoint = signCheckpoint(this.key, { ...head, at: this.clock.now() });
    await this.repository.addCheckpoint(checkpoint);
    return checkpoint;
  }

  /**
   * A key made on this start has signed nothing, so a chain already in the database (one from before
   * checkpoints existed) gets its due checkpoints and its head signed now, as it stands. Only then:
   * on later starts the key exists, so checkpoints deleted from the database are not signed again.
   */
  async adoptChainIfNewKey(): Promise<void> {
    if (!this.adoptionDue) return;
    this.adoptionDue = false;
    const at = this.clock.now();
    for (const entry of await this.repository.entriesDueCheckpoints(CHECKPOINT_EVERY)) {
      await this.repository.addCheckpoint(signCheckpoint(this.key, { ...entry, at }));
    }
    await this.checkpoint();
  }

  /** Walks the whole chain against its checkpoints and, when given, an exported head; answers the first broken link. */
  async verify(options: { head?: AuditCheckpoint | undefined } = {}): Promise<ChainVerdict> {
    // In this order while appends go on: every checkpoint read covers an entry the head read after it
    // includes, and the walk stops at that head, so nothing appended meanwhile looks like a break.
    const checkpoints = await this.repository.checkpoints();
    const head = await this.repository.head();
    return verifyAuditChain({ entries: this.entries(head.seq), head, checkpoints, key: this.key, exportedHead: options.head });
  }

  private async *entries(upTo: number): AsyncGenerator<AuditEventRow> {
    for (let after = 0; ;) {
      const rows = await this.repository.page(after, PAGE_SIZE);
      for (const row of rows) {
        if (row.seq > upTo) return;
        yield row;
      }
      if (rows.length === 0) return;
      after = rows.at(-1)!.seq;
    }
  }

  search(filters: AuditFilters) {
    return this.repository.search(filters);
  }

  latest(limit: number, action?: string) {
    return this.repository.latest(limit, action);
  }
}
