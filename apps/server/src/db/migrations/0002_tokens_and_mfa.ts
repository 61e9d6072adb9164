import type { Kysely } from 'kysely';

/**
 * Signing keys for access tokens, rotating refresh tokens, TOTP factors with their challenges
 * and recovery codes, and how each session was authenticated (amr).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('signing_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('private_jwk', 'text', (c) => c.notNull())
    .addColumn('public_jwk', 'text', (c) => c.notNull())
    // next → current → retired: the next key is published before it signs anything.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('activated_at', 'bigint')
    .addColumn('retired_at', 'bigint')
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id'))
    .addColumn('parent_id', 'text')
    // The child token is HMAC(child_key, this token): a retry within the reuse window gets the
    // same child back although only hashes are stored, and a stolen database yields no token.
    .addColumn('child_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('refresh_tokens_session_idx').on('refresh_tokens').column('session_id').execute();

  await db.schema
    .createTable('mfa_factors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('friendly_name', 'text')
    .addColumn('factor_type', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // The last accepted time step: a code is never accepted twice.
    .addColumn('last_step', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mfa_factors_user_idx').on('mfa_factors').column('user_id').execute();

  await db.schema
    .createTable('mfa_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('factor_id', 'text', (c) => c.notNull().references('mfa_factors.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('ip', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').column('user_id').execute();

  // JSON list of {method, timestamp}, as the token API reports it.
  await db.schema
    .alterTable('sessions')
    .addColumn('amr', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('amr').execute();
  for (const table of ['recovery_codes', 'mfa_challenges', 'mfa_factors', 'refresh_tokens', 'signing_keys']) {
    await db.schema.dropTable(table).execute();
  }
}
