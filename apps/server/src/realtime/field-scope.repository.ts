import type { Kysely } from 'kysely';
import { DISPATCH_STATUSES, DISPATCH_TRANSITIONS } from '@argus/contracts/units';
import type { Database } from '../db/schema';
import type { FieldScope } from './channel-access';

/** An assignment is active until it reaches a status with no way out (cleared, cancelled). */
const ACTIVE_DISPATCH = DISPATCH_STATUSES.filter((status) => DISPATCH_TRANSITIONS[status].length > 0);

/** Reads what a field unit's channel access depends on: the units it crews and their active assignments. */
export class FieldScopeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async forUser(userId: string): Promise<FieldScope> {
    const crewed = this.db.selectFrom('unit_members').select('unit_id').where('user_id', '=', userId);
    const [units, dispatches] = await Promise.all([
      crewed.execute(),
      this.db
        .selectFrom('dispatches')
        .select('incident_id')
        .where('unit_id', 'in', crewed)
        .where('status', 'in', ACTIVE_DISPATCH)
        .execute(),
    ]);
    return { unitIds: new Set(units.map((row) => row.unit_id)), incidentIds: new Set(dispatches.map((row) => row.incident_id)) };
  }
}
