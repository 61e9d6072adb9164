import type { Clock } from '../../lib/clock';
import type { RetentionRepository } from './retention.repository';

/** How long each kind of row is kept, and how the job works through them (RETENTION_* in config.ts). */
export interface RetentionConfig {
  idempotencyMs: number;
  endedSessionsMs: number;
  usedRefreshTokensMs: number;
  telemetryMs: number;
  takContactsMs: number;
  intervalMs: number;
  batchSize: number;
}

type RetentionCounts = Record<
  'idempotencyKeys' | 'endedSessions' | 'usedRefreshTokens' | 'telemetry' | 'takContacts' | 'zoneImportPreviews',
  number
>;

/**
 * Deletes what Argus keeps only for a while (docs/decisions/0051-device-sessions-and-retention.md):
 * field actions' idempotency keys, ended sessions with their refresh tokens, used refresh tokens,
 * telemetry, TAK contacts bound to no unit and no longer heard, and zone-import previews past their
 * expiry. Never evidence, custody or the audit log. Each kind is deleted batch by batch until a
 * batch comes back short, yielding to other work between batches.
 */
export class RetentionService {
  constructor(
    private readonly repository: RetentionRepository,
    private readonly clock: Clock,
    readonly config: RetentionConfig,
  ) {}

  async run(): Promise<RetentionCounts> {
    const now = this.clock.now();
    const { batchSize } = this.config;
    return {
      idempotencyKeys: await this.drain(
        (limit) => this.repository.deleteIdempotencyKeys(now - this.config.idempotencyMs, limit),
        batchSize,
      ),
      endedSessions: await this.drain((limit) => this.repository.deleteEndedSessions(now - this.config.endedSessionsMs, limit), batchSize),
      usedRefreshTokens: await this.drain(
        (limit) => this.repository.deleteUsedRefreshTokens(now - this.config.usedRefreshTokensMs, limit),
        batchSize,
      ),
      telemetry: await this.drain((limit) => this.repository.deleteTelemetry(now - this.config.telemetryMs, limit), batchSize),
      takContacts: await this.drain((limit) => this.repository.deleteUnboundTakContacts(now - this.config.takContactsMs, limit), batchSize),
      zoneImportPreviews: await this.drain((limit) => this.repository.deleteExpiredZoneImportPreviews(now, limit), batchSize),
    };
  }

  private async drain(deleteBatch: (limit: number) => Promise<number>, limit: number): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await deleteBatch(limit);
      total += deleted;
      if (deleted < limit) return total;
      // Let requests waiting on the database in between, so no batch run holds it for long.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
