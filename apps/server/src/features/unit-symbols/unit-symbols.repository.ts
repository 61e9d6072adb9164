import type { Selectable } from 'kysely';
import type { UnitKindSymbolsTable } from '../../db/schema';
import { TransactionalRepository, type Executor } from '../../db/repository';

export type UnitKindSymbolRow = Selectable<UnitKindSymbolsTable>;

/** The unit symbol table (migration 0029); the only place that speaks SQL about it. */
export class UnitSymbolsRepository extends TransactionalRepository {
  /** Every unit kind's row, with the name of whoever saved it last. */
  unitKinds(db: Executor = this.db): Promise<(UnitKindSymbolRow & { updated_by_name: string | null })[]> {
    return db
      .selectFrom('unit_kind_symbols as s')
      .leftJoin('users as u', 'u.id', 's.updated_by')
      .select(['s.kind', 's.sidc', 's.label', 's.updated_by', 's.updated_at', 'u.full_name as updated_by_name'])
      .orderBy('s.kind')
      .execute();
  }

  /** Writes one kind's row, inserting it when a kind was added to the contracts after migration 0029. */
  async saveUnitKind(trx: Executor, row: UnitKindSymbolRow): Promise<void> {
    const { kind: _kind, ...changes } = row;
    await trx
      .insertInto('unit_kind_symbols')
      .values(row)
      .onConflict((conflict) => conflict.column('kind').doUpdateSet(changes))
      .execute();
  }
}
