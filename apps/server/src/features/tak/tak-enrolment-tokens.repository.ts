import type { Selectable } from 'kysely';
import type { TakEnrolmentTokensTable } from '../../db/schema';
import { TransactionalRepository, type Executor } from '../../db/repository';

export type TakEnrolmentTokenRow = Selectable<TakEnrolmentTokensTable>;
export type TakEnrolmentTokenView = TakEnrolmentTokenRow & { user_email: string; user_name: string; user_active: number };

/** One-time enrolment tokens (migration 0040), kept as their SHA-256; the only place that speaks SQL about them. */
export class TakEnrolmentTokensRepository extends TransactionalRepository {
  async insert(row: TakEnrolmentTokenRow): Promise<void> {
    await this.db.insertInto('tak_enrolment_tokens').values(row).execute();
  }

  findByHash(tokenHash: string): Promise<TakEnrolmentTokenView | undefined> {
    return this.db
      .selectFrom('tak_enrolment_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .selectAll('t')
      .select(['u.email as user_email', 'u.full_name as user_name', 'u.is_active as user_active'])
      .where('t.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Marks a token used; false when another enrolment used it first or it expired meanwhile. */
  async consume(id: string, now: number, trx: Executor = this.db): Promise<boolean> {
    const result = await trx
      .updateTable('tak_enrolment_tokens')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
