import type { Selectable } from 'kysely';
import type { CategoryNeedsTable, UnitKindCapabilitiesTable } from '../../db/schema';
import { TransactionalRepository, type Executor } from '../../db/repository';

export type UnitKindCapabilitiesRow = Selectable<UnitKindCapabilitiesTable>;
export type CategoryNeedsRow = Selectable<CategoryNeedsTable>;

/** The dispatch capability table (migration 0023); the only place that speaks SQL about it. */
export class DispatchCapabilitiesRepository extends TransactionalRepository {
  /** Every unit kind's row, with the name of whoever saved the table last. */
  unitKinds(): Promise<(UnitKindCapabilitiesRow & { updated_by_name: string | null })[]> {
    return this.db
      .selectFrom('unit_kind_capabilities as k')
      .leftJoin('users as u', 'u.id', 'k.updated_by')
      .select(['k.kind', 'k.capabilities', 'k.speed_kmh', 'k.updated_by', 'k.updated_at', 'u.full_name as updated_by_name'])
      .orderBy('k.kind')
      .execute();
  }

  categories(): Promise<CategoryNeedsRow[]> {
    return this.db.selectFrom('category_needs').select(['category', 'needs', 'position']).orderBy('position').execute();
  }

  /** Writes one kind's row, inserting it when a kind was added to the contracts after migration 0023. */
  async saveUnitKind(trx: Executor, row: UnitKindCapabilitiesRow): Promise<void> {
    const { kind: _kind, ...changes } = row;
    await trx
      .insertInto('unit_kind_capabilities')
      .values(row)
      .onConflict((conflict) => conflict.column('kind').doUpdateSet(changes))
      .execute();
  }

  /** Replaces every category's needs with `rows`. */
  async replaceCategories(trx: Executor, rows: readonly CategoryNeedsRow[]): Promise<void> {
    await trx.deleteFrom('category_needs').execute();
    if (rows.length > 0) await trx.insertInto('category_needs').values(rows).execute();
  }
}
