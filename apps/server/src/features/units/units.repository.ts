import type { Selectable } from 'kysely';
import { TransactionalRepository, type Executor } from '../../db/repository';
import type { UnitsTable } from '../../db/schema';
import { insideBox } from '../../db/filters';
import type { UnitKind, UnitStatus } from '@argus/contracts/units';

export type UnitRow = Selectable<UnitsTable>;
export interface UnitWithMembers extends UnitRow {
  members: string[];
}

export interface UnitFilters {
  /** Only the units this user crews. */
  memberId?: string | undefined;
  statuses?: UnitStatus[] | undefined;
  kind?: UnitKind | undefined;
  bbox?: readonly [south: number, west: number, north: number, east: number] | undefined;
  emergency?: boolean | undefined;
  after?: string | undefined;
  limit?: number | undefined;
}

/** What names a field action's events in the outbox: a retry with its clientId finds them (docs/decisions/0070-every-event-through-the-outbox.md). */
export const clientActionKey = (clientId: string) => `client-action:${clientId}`;
export class UnitsRepository extends TransactionalRepository {
  async insert(trx: Executor, row: UnitRow, members: string[]): Promise<void> {
    await trx.insertInto('units').values(row).execute();
    if (members.length)
      await trx
        .insertInto('unit_members')
        .values(members.map((user_id) => ({ unit_id: row.id, user_id })))
        .execute();
  }

  /** Adds a crew member to a unit; one already on it stays as they are. */
  async addMember(unitId: string, userId: string): Promise<void> {
    await this.db
      .insertInto('unit_members')
      .values({ unit_id: unitId, user_id: userId })
      .onConflict((conflict) => conflict.columns(['unit_id', 'user_id']).doNothing())
      .execute();
  }

  async removeMember(unitId: string, userId: string): Promise<void> {
    await this.db.deleteFrom('unit_members').where('unit_id', '=', unitId).where('user_id', '=', userId).execute();
  }

  async find(id: string, trx: Executor = this.db): Promise<UnitWithMembers | undefined> {
    const row = await trx.selectFrom('units').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? (await this.withMembers([row], trx))[0] : undefined;
  }

  async list(filters: UnitFilters = {}): Promise<UnitWithMembers[]> {
    let query = this.db.selectFrom('units').selectAll().orderBy('callsign');
    if (filters.memberId)
      query = query.where('id', 'in', this.db.selectFrom('unit_members').select('unit_id').where('user_id', '=', filters.memberId));
    if (filters.statuses?.length) query = query.where('status', 'in', filters.statuses);
    if (filters.kind) query = query.where('kind', '=', filters.kind);
    if (filters.bbox) query = query.where((eb) => insideBox(eb, filters.bbox!));
    if (filters.emergency !== undefined) query = query.where('emergency_since', filters.emergency ? 'is not' : 'is', null);
    if (filters.after) query = query.where('callsign', '>', filters.after);
    if (filters.limit) query = query.limit(filters.limit);
    return this.withMembers(await query.execute());
  }

  async update(trx: Executor, id: string, changes: Partial<UnitRow>): Promise<void> {
    await trx.updateTable('units').set(changes).where('id', '=', id).execute();
  }

  /**
   * Claims a device's action id; false when it was seen before (a retry). The second value is
   * the earlier claim, so a caller can tell a retry from an id reused for something else.
   */
  async claim(trx: Executor, action: { client_id: string; user_id: string; kind: string; target_id: string; created_at: number }) {
    const result = await trx
      .insertInto('client_actions')
      .values(action)
      .onConflict((oc) => oc.column('client_id').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 1) return { fresh: true as const };
    const earlier = await trx.selectFrom('client_actions').selectAll().where('client_id', '=', action.client_id).executeTakeFirstOrThrow();
    return { fresh: false as const, earlier };
  }

  existingUsers(ids: string[]): Promise<{ id: string; role: string }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('users').select(['id', 'role']).where('id', 'in', ids).execute();
  }

  private async withMembers(rows: UnitRow[], trx: Executor = this.db): Promise<UnitWithMembers[]> {
    if (rows.length === 0) return [];
    const members = await trx
      .selectFrom('unit_members')
      .selectAll()
      .where(
        'unit_id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    return rows.map((row) => ({
      ...row,
      members: members
        .filter((member) => member.unit_id === row.id)
        .map((member) => member.user_id)
        .sort(),
    }));
  }
}
