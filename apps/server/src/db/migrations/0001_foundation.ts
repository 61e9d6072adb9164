import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/** Users, sessions, login throttling, the hash-chained audit log and analytics payloads. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('actor_id', 'text', (c) => c.references('users.id'))
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('aal', 'text', (c) => c.notNull().defaultTo('aal1'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_activity_at', 'bigint', (c) => c.notNull())
    .addColumn('absolute_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .execute();

  // One head row serialises appends: UPDATE ... RETURNING takes its row lock on PostgreSQL.
  await db.schema
    .createTable('audit_head')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('audit_head')
    .values({ id: 1, seq: 0, hash: '0'.repeat(64) })
    .execute();

  await db.schema
    .createTable('audit_events')
    .addColumn('seq', 'bigint', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('subject_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_events_action_idx').on('audit_events').columns(['action', 'at']).execute();

  const postgres = isPostgres(db);
  await db.schema
    .createTable('analytics_events')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('tracking_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('site', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('analytics_events_kind_idx').on('analytics_events').columns(['kind', 'received_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['analytics_events', 'audit_events', 'audit_head', 'login_throttle', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
