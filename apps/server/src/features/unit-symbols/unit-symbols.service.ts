import type { UnitSymbolsResponse } from '@argus/contracts/http/unit-symbols';
import type { UnitSymbols } from '@argus/contracts/http/unit-symbols-edit';
import { UNIT_KINDS } from '@argus/contracts/units';
import type { AuditContext, AuditLog } from '../audit/audit.log';
import type { Clock } from '../../lib/clock';
import type { DurableEvents } from '../../realtime/durable-events';
import { unitSymbolEvents } from './unit-symbols.events';
import { presentUnitSymbols } from './unit-symbols.presenter';
import type { UnitSymbolsRepository } from './unit-symbols.repository';

/**
 * The unit symbol table (docs/decisions/0049-editable-unit-symbols.md): read by every map that draws
 * units, saved whole by the administrators. The shared schema has already checked that every kind is
 * listed once with a code milsymbol draws, so saving writes, records and announces it; the
 * announcement is stored with the write (docs/decisions/0070-every-event-through-the-outbox.md).
 */
export class UnitSymbolsService {
  constructor(
    private readonly repository: UnitSymbolsRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly events: DurableEvents,
  ) {}

  async table(): Promise<UnitSymbolsResponse> {
    return presentUnitSymbols(await this.repository.unitKinds());
  }

  async save(table: UnitSymbols, context: AuditContext): Promise<UnitSymbolsResponse> {
    const now = this.clock.now();
    const saved = await this.events.transaction(this.repository, async (trx, pending) => {
      // Always in the contracts' order: two saves at once then lock the rows in the same order and
      // one waits for the other (PostgreSQL), instead of each holding a row the other needs.
      const ordered = [...table.unitKinds].sort((a, b) => UNIT_KINDS.indexOf(a.kind) - UNIT_KINDS.indexOf(b.kind));
      for (const entry of ordered) {
        await this.repository.saveUnitKind(trx, { ...entry, updated_by: context.actorId, updated_at: now });
      }
      const saved = presentUnitSymbols(await this.repository.unitKinds(trx));
      pending.add(unitSymbolEvents.updated(saved));
      return saved;
    });
    await this.audit.append(context, 'unit_symbols.update', 'unit_symbols', { ...table });
    return saved;
  }
}
