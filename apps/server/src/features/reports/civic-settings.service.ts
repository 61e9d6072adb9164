import type { CivicSettings, UpdateCivicSettingsRequest } from '@argus/contracts/http/civic';
import type { Clock } from '../../lib/clock';
import type { AuditContext, AuditLog } from '../audit/audit.log';
import type { CivicSettingsRepository } from './civic-settings.repository';

/**
 * Whether the civic site takes reports without an account: on unless an administrator requires
 * accounts (docs/decisions/0044-civic-lifecycle-and-anonymous-reports.md); each change is audited.
 */
export class CivicSettingsService {
  constructor(
    private readonly repository: CivicSettingsRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async get(): Promise<CivicSettings> {
    const row = await this.repository.find();
    // The migration writes the row; were it ever missing, the default (anonymous reports on) applies.
    return { anonymousReports: row ? row.anonymous_reports === 1 : true, updatedAt: row?.updated_at ?? 0 };
  }

  async update(changes: UpdateCivicSettingsRequest, context: AuditContext): Promise<CivicSettings> {
    await this.repository.save({
      anonymous_reports: changes.anonymousReports ? 1 : 0,
      updated_by: context.actorId,
      updated_at: this.clock.now(),
    });
    await this.audit.append(context, 'civic_settings.update', 'civic', { anonymousReports: changes.anonymousReports });
    return this.get();
  }
}
