import type { Kysely } from 'kysely';

/**
 * The exercise flag on incidents (exercise data stays out of real analytics), and the indexes
 * that keep every analytics chart to a range scan at a million rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('incidents').addColumn('exercise', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  // Covering: incidents over time by category or severity reads the index alone.
  await db.schema.createIndex('incidents_analytics_idx').on('incidents').columns(['created_at', 'exercise', 'category', 'severity']).execute();
  // Response times by assignment time; utilisation finds assignments still busy at the start of a range.
  await db.schema.createIndex('dispatches_created_idx').on('dispatches').column('created_at').execute();
  await db.schema.createIndex('dispatches_updated_idx').on('dispatches').column('updated_at').execute();
  await db.schema.createIndex('dispatches_status_idx').on('dispatches').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('reports_analytics_idx').on('reports').columns(['created_at', 'kind', 'status', 'incident_id']).execute();
  await db.schema.createIndex('alerts_created_idx').on('alerts').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ['alerts_created_idx', 'reports_analytics_idx', 'dispatches_status_idx', 'dispatches_updated_idx', 'dispatches_created_idx', 'incidents_analytics_idx']) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.alterTable('incidents').dropColumn('exercise').execute();
}
