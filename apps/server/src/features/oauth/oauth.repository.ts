import type { Kysely, Selectable } from 'kysely';
import type { Database, IdentitiesTable, OauthFlowsTable } from '../../db/schema';

export type FlowRow = Selectable<OauthFlowsTable>;
export type IdentityRow = Selectable<IdentitiesTable>;

export class OauthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertFlow(row: FlowRow): Promise<void> {
    await this.db.insertInto('oauth_flows').values(row).execute();
  }

  flowByState(state: string): Promise<FlowRow | undefined> {
    return this.db.selectFrom('oauth_flows').selectAll().where('upstream_state', '=', state).executeTakeFirst();
  }

  flowByCode(codeHash: string): Promise<FlowRow | undefined> {
    return this.db.selectFrom('oauth_flows').selectAll().where('auth_code_hash', '=', codeHash).executeTakeFirst();
  }

  /** The provider answered for this flow: who signed in, and the code the client will trade. */
  async completeFlow(id: string, userId: string, codeHash: string): Promise<void> {
    await this.db.updateTable('oauth_flows').set({ user_id: userId, auth_code_hash: codeHash }).where('id', '=', id).execute();
  }

  /** Single use: false when the code was already traded. */
  async useFlow(id: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('oauth_flows')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  identity(provider: string, subject: string): Promise<IdentityRow | undefined> {
    return this.db.selectFrom('identities').selectAll().where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();
  }

  identitiesOf(userId: string): Promise<IdentityRow[]> {
    return this.db.selectFrom('identities').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
  }

  async insertIdentity(row: IdentityRow): Promise<void> {
    await this.db.insertInto('identities').values(row).execute();
  }

  async touchIdentity(id: string, now: number): Promise<void> {
    await this.db.updateTable('identities').set({ last_sign_in_at: now }).where('id', '=', id).execute();
  }

  async deleteIdentity(id: string): Promise<void> {
    await this.db.deleteFrom('identities').where('id', '=', id).execute();
  }
}
