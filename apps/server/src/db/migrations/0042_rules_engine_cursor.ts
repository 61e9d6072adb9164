import type { Kysely } from 'kysely';

/**
 * How far the rules engine has heard the outbox (docs/decisions/0070-every-event-through-the-outbox.md):
 * `heard_until` is a time (the outbox's `created_at`) before which every event the engine weighs
 * was evaluated by a leader. A new leader reads the outbox from there, so reports and detections
 * written while no process led are weighed once; the outbox's pruning keeps rows from there on.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rules_engine_cursor')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('heard_until', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rules_engine_cursor').execute();
}
