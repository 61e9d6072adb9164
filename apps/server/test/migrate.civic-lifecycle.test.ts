import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../src/db/migrate';

/**
 * Migration 0024 rebuilds two SQLite tables to let anonymous reports have no reporter: what was
 * stored before must come through whole, still referenced and still searchable.
 */
describe('migration 0024 on an SQLite database that already holds reports', () => {
  it('keeps every report and photo, their links and the search index, and lets a report have no reporter', async () => {
    const raw = new Database(':memory:');
    raw.pragma('foreign_keys = ON');
    // The tables as the migrations leave them, before the typed schema of today.
    const db = new Kysely<Record<string, Record<string, unknown>>>({ dialect: new SqliteDialect({ database: raw }) });
    const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
    expect((await migrator.migrateTo('0022_coverage_rule')).error).toBeUndefined();
    await db
      .insertInto('users')
      .values({
        id: 'u1',
        email: 'a@example.org',
        full_name: 'A',
        role: 'Civic_Reporter',
        is_active: 1,
        password_hash: 'x',
        created_at: 1,
        updated_at: 1,
      })
      .execute();
    const report = {
      client_id: 'c1',
      tracking_code: 'RPT-1',
      kind: 'civic',
      category: 'flooding',
      lat: 1,
      lon: 2,
      status: 'submitted',
      created_at: 1,
      updated_at: 1,
    };
    await db
      .insertInto('reports')
      .values({ ...report, id: 'r1', description: 'Water over the bridge', reporter_id: 'u1' })
      .execute();
    const photo = { mime: 'image/png', size: 1, sha256: 'h', storage_key: 'k', created_at: 1 };
    await db
      .insertInto('report_photos')
      .values({ ...photo, id: 'p1', report_id: 'r1', uploaded_by: 'u1' })
      .execute();

    // As the server runs it: the whole run in one transaction (migrate.ts).
    await sql`begin immediate`.execute(db);
    const result = await migrator.migrateToLatest();
    await sql`commit`.execute(db);
    expect(result.error).toBeUndefined();

    expect(await db.selectFrom('reports').select(['id', 'reporter_id', 'description']).execute()).toEqual([
      { id: 'r1', reporter_id: 'u1', description: 'Water over the bridge' },
    ]);
    expect(await db.selectFrom('report_photos').select(['id', 'report_id']).execute()).toEqual([{ id: 'p1', report_id: 'r1' }]);
    expect(raw.pragma('foreign_key_check')).toEqual([]);
    const found = await sql<{ ref_id: string }>`select ref_id from search_fts where search_fts match 'bridge'`.execute(db);
    expect(found.rows).toEqual([{ ref_id: 'r1' }]);

    await db
      .insertInto('reports')
      .values({ ...report, id: 'r2', client_id: 'c2', tracking_code: 'RPT-2', description: 'Smoke', reporter_id: null })
      .execute();
    await db
      .insertInto('report_photos')
      .values({ ...photo, id: 'p2', report_id: 'r2', uploaded_by: null })
      .execute();
    // The rebuilt tables still enforce their references.
    await expect(
      db
        .insertInto('report_photos')
        .values({ ...photo, id: 'p3', report_id: 'none', uploaded_by: null })
        .execute(),
    ).rejects.toThrow(/FOREIGN KEY/);
    const indexes = await sql<{
      name: string;
    }>`select name from sqlite_master where tbl_name = 'reports' and type in ('index', 'trigger') and sql is not null order by name`.execute(
      db,
    );
    expect(indexes.rows.map((row) => row.name)).toEqual([
      'reports_analytics_idx',
      'reports_follow_token_idx',
      'reports_incident_idx',
      'reports_reporter_idx',
      'reports_search_insert',
      'reports_search_update',
      'reports_status_idx',
    ]);
    await db.destroy();
  });
});
