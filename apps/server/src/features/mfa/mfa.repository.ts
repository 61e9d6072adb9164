import type { Kysely, Selectable } from 'kysely';
import type { Database, MfaChallengesTable, MfaFactorsTable } from '../../db/schema';

export type FactorRow = Selectable<MfaFactorsTable>;
export type ChallengeRow = Selectable<MfaChallengesTable>;

export class MfaRepository {
  /** `afterChange` lets cached sessions learn that a user's second factor appeared or went. */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly afterChange: () => void = () => {},
  ) {}

  factorsOf(userId: string): Promise<FactorRow[]> {
    return this.db.selectFrom('mfa_factors').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
  }

  async insertFactor(row: FactorRow): Promise<void> {
    await this.db.insertInto('mfa_factors').values(row).execute();
  }

  /** Accepts a code's step only if it is newer than the last accepted one (no reuse, even racing). */
  async acceptStep(factorId: string, step: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('mfa_factors')
      .set({ last_step: step, status: 'verified', updated_at: now })
      .where('id', '=', factorId)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    this.afterChange();
    return Number(result.numUpdatedRows) === 1;
  }

  async deleteFactor(factorId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('mfa_challenges').where('factor_id', '=', factorId).execute();
      await trx.deleteFrom('mfa_factors').where('id', '=', factorId).execute();
    });
    this.afterChange();
  }

  /** A fresh set of recovery codes (hashes) replaces every earlier one. */
  async replaceRecoveryCodes(userId: string, rows: Selectable<Database['recovery_codes']>[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      await trx.insertInto('recovery_codes').values(rows).execute();
    });
  }

  /** Spends one unused recovery code; false when it is unknown or already spent. */
  async useRecoveryCode(userId: string, codeHash: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('recovery_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async unusedRecoveryCodes(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  findChallenge(id: string): Promise<ChallengeRow | undefined> {
    return this.db.selectFrom('mfa_challenges').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertChallenge(row: ChallengeRow): Promise<void> {
    await this.db.insertInto('mfa_challenges').values(row).execute();
  }

  /** Single use: false when the challenge was already used. */
  async useChallenge(id: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('mfa_challenges')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
