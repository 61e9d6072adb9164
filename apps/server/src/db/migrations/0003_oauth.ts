import type { Kysely } from 'kysely';

/** OAuth/OIDC sign-in: five-minute PKCE flow states and the identities linked to users. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oauth_flows')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    // The client's PKCE challenge (S256), checked when it trades the code for a session.
    .addColumn('code_challenge', 'text', (c) => c.notNull())
    .addColumn('redirect_to', 'text', (c) => c.notNull())
    // Argus's own PKCE verifier, state and nonce towards the upstream provider.
    .addColumn('upstream_state', 'text', (c) => c.notNull().unique())
    .addColumn('upstream_verifier', 'text', (c) => c.notNull())
    .addColumn('upstream_nonce', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id'))
    .addColumn('auth_code_hash', 'text', (c) => c.unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();

  await db.schema
    .createTable('identities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_sign_in_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('identities_provider_subject_unique', ['provider', 'subject'])
    .execute();
  await db.schema.createIndex('identities_user_idx').on('identities').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('identities').execute();
  await db.schema.dropTable('oauth_flows').execute();
}
