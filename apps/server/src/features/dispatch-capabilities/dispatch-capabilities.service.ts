import type { DispatchCapabilities, DispatchCapabilitiesResponse } from '@argus/contracts/http/dispatch-capabilities';
import type { AuditContext, AuditLog } from '../audit/audit.log';
import type { Clock } from '../../lib/clock';
import { presentDispatchCapabilities } from './dispatch-capabilities.presenter';
import type { DispatchCapabilitiesRepository } from './dispatch-capabilities.repository';

/**
 * The dispatch capability table (docs/decisions/0039-dispatch-by-capability.md): read by command's
 * dispatch advice, saved whole by the administrators. The shared schema has already checked that every
 * kind is listed once and every need is some kind's capability, so saving only writes and records it.
 */
export class DispatchCapabilitiesService {
  constructor(
    private readonly repository: DispatchCapabilitiesRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async table(): Promise<DispatchCapabilitiesResponse> {
    const [kinds, categories] = await Promise.all([this.repository.unitKinds(), this.repository.categories()]);
    return presentDispatchCapabilities(kinds, categories);
  }

  async save(table: DispatchCapabilities, context: AuditContext): Promise<DispatchCapabilitiesResponse> {
    const now = this.clock.now();
    await this.repository.transaction(async (trx) => {
      for (const entry of table.unitKinds) {
        await this.repository.saveUnitKind(trx, {
          kind: entry.kind,
          capabilities: JSON.stringify(entry.capabilities),
          speed_kmh: entry.speedKmh,
          updated_by: context.actorId,
          updated_at: now,
        });
      }
      await this.repository.replaceCategories(
        trx,
        table.categories.map((entry, position) => ({ category: entry.category, needs: JSON.stringify(entry.needs), position })),
      );
    });
    await this.audit.append(context, 'dispatch_capabilities.update', 'dispatch_capabilities', { ...table });
    return this.table();
  }
}
