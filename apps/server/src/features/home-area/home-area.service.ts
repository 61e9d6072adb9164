import type { HomeAreaResponse, SetHomeAreaRequest } from '@argus/contracts/http/home-area';
import type { AuditContext, AuditLog } from '../audit/audit.log';
import type { Executor } from '../../db/repository';
import type { Clock } from '../../lib/clock';
import type { DurableEvents } from '../../realtime/durable-events';
import { derivedHomeArea } from './home-area.extent';
import { homeAreaEvents } from './home-area.events';
import type { HomeAreaRepository } from './home-area.repository';

/**
 * The operation's home area (docs/decisions/0058-home-area.md): the box an administrator set, or else
 * the padded extent of units with positions, open incidents and active zones, or else nothing, said
 * plainly, so the web app can tell administrators instead of opening on the world. Derived here, once,
 * because the server holds everything the extent is made of whatever the reader may see. Setting it
 * stores its announcement with the write (docs/decisions/0070-every-event-through-the-outbox.md).
 */
export class HomeAreaService {
  constructor(
    private readonly repository: HomeAreaRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly events: DurableEvents,
  ) {}

  /** `derived: false` for a reader who may not see where units are: the set area or none. */
  homeArea({ derived: mayDerive }: { derived: boolean } = { derived: true }): Promise<HomeAreaResponse> {
    return this.read(mayDerive);
  }

  /** Sets the area, or clears it with null; audited and announced either way. */
  async set({ area }: SetHomeAreaRequest, context: AuditContext): Promise<HomeAreaResponse> {
    const saved = await this.events.transaction(this.repository, async (trx, pending) => {
      if (area) await this.repository.save(trx, { ...area, updated_by: context.actorId, updated_at: this.clock.now() });
      else await this.repository.clear(trx);
      // What every map opens on now, read in the change's transaction: cleared, that is the derived area.
      const saved = await this.read(true, trx);
      pending.add(homeAreaEvents.updated(saved));
      return saved;
    });
    await this.audit.append(context, area ? 'home_area.update' : 'home_area.clear', 'home_area', { area });
    return saved;
  }

  private async read(mayDerive: boolean, db?: Executor): Promise<HomeAreaResponse> {
    const row = await this.repository.find(db);
    if (row) {
      const { west, south, east, north } = row;
      return { area: { west, south, east, north }, source: 'set', updatedAt: row.updated_at, updatedBy: row.updated_by_name };
    }
    if (!mayDerive) return { area: null, source: 'none', updatedAt: null, updatedBy: null };
    const derived = derivedHomeArea(await this.repository.extents(db));
    return { area: derived, source: derived ? 'derived' : 'none', updatedAt: null, updatedBy: null };
  }
}
