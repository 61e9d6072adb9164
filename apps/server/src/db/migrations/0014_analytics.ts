import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/** The assignment milestones the analytics charts read from dispatches.milestones (JSON). */
const MILESTONES = ['assigned', 'acknowledged', 'en_route', 'on_scene', 'cleared', 'cancelled'];

/**
 * The exercise flag on incidents (exercise data stays out of real analytics), and the indexes
 * that keep every analytics chart to a range scan at a million rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('incidents')
    .addColumn('exercise', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Covering: incidents over time by category or severity reads the index alone.
  await db.schema
    .createIndex('incidents_analytics_idx')
    .on('incidents')
    .columns(['created_at', 'exercise', 'category', 'severity'])
    .execute();
  // Exercises are few: charts leave them out with NOT IN over this small partial index.
  await sql`CREATE INDEX incidents_exercise_idx ON incidents (id) WHERE exercise = 1`.execute(db);
  await db.schema.createIndex('dispatches_created_idx').on('dispatches').column('created_at').execute();
  // Utilisation finds assignments made before a range but busy inside it by these two.
  await db.schema.createIndex('dispatches_updated_idx').on('dispatches').column('updated_at').execute();
  // Partial, so the planner never prefers it (a skip-scan over two statuses) for plain time ranges;
  // the repository's IN list must read exactly like this one for the index to apply.
  await sql`CREATE INDEX dispatches_open_idx ON dispatches (created_at) WHERE status IN ('assigned', 'acknowledged', 'en_route', 'on_scene')`.execute(
    db,
  );
  if (!isPostgres(db)) {
    // SQLite keeps the milestone times in this index and reads them from it (a covering index
    // on expressions), so response-time charts never parse the JSON. The expressions must match
    // the repository's json_extract("dispatches"."milestones", '$.<name>') exactly. PostgreSQL
    // cannot answer from an expression index alone, so it would only pay for the writes.
    const expressions = MILESTONES.map((name) => `json_extract(milestones, '$.${name}')`).join(', ');
    await sql.raw(`CREATE INDEX dispatches_milestones_idx ON dispatches (created_at, ${expressions}, incident_id, unit_id)`).execute(db);
  }
  await db.schema.createIndex('reports_analytics_idx').on('reports').columns(['created_at', 'kind', 'status', 'incident_id']).execute();
  await db.schema.createIndex('alerts_created_idx').on('alerts').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) await db.schema.dropIndex('dispatches_milestones_idx').execute();
  for (const index of [
    'alerts_created_idx',
    'reports_analytics_idx',
    'dispatches_open_idx',
    'dispatches_updated_idx',
    'dispatches_created_idx',
    'incidents_exercise_idx',
    'incidents_analytics_idx',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.alterTable('incidents').dropColumn('exercise').execute();
}
