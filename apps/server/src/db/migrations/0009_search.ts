import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Full-text search over incidents, reports and messages, kept current by triggers so no write
 * path can forget it: an FTS5 table on SQLite, a tsvector column with a GIN index on PostgreSQL.
 * One row per searchable thing: kind, id, a title, the text, when, and its incident if any.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await upPostgres(db);
  else await upSqlite(db);
}

async function upSqlite(db: Kysely<any>): Promise<void> {
  await sql`create virtual table search_fts using fts5(kind unindexed, ref_id unindexed, title, body, at unindexed, incident_id unindexed, tokenize = 'porter unicode61')`.execute(
    db,
  );
  const documents = {
    incident: {
      table: 'incidents',
      columns: 'title, description, category',
      values: `'incident', new.id, new.reference || ' ' || new.title, new.category || ' ' || new.description, new.created_at, new.id`,
    },
    report: {
      table: 'reports',
      columns: 'description, category, incident_id',
      values: `'report', new.id, new.tracking_code || ' ' || new.category, new.description, new.created_at, new.incident_id`,
    },
    message: {
      table: 'messages',
      columns: 'body',
      values: `'message', new.id, (select full_name from users where id = new.sender_id), new.body, new.sent_at, case when new.channel = 'incident' then new.target_id end`,
    },
  };
  for (const [kind, { table, columns, values }] of Object.entries(documents)) {
    const insert = `insert into search_fts (kind, ref_id, title, body, at, incident_id) values (${values});`;
    await sql.raw(`create trigger ${table}_search_insert after insert on ${table} begin ${insert} end`).execute(db);
    await sql
      .raw(
        `create trigger ${table}_search_update after update of ${columns} on ${table} begin delete from search_fts where kind = '${kind}' and ref_id = old.id; ${insert} end`,
      )
      .execute(db);
  }
  await sql`insert into search_fts (kind, ref_id, title, body, at, incident_id) select 'incident', id, reference || ' ' || title, category || ' ' || description, created_at, id from incidents`.execute(
    db,
  );
  await sql`insert into search_fts (kind, ref_id, title, body, at, incident_id) select 'report', id, tracking_code || ' ' || category, description, created_at, incident_id from reports`.execute(
    db,
  );
  await sql`insert into search_fts (kind, ref_id, title, body, at, incident_id) select 'message', m.id, u.full_name, m.body, m.sent_at, case when m.channel = 'incident' then m.target_id end from messages m join users u on u.id = m.sender_id`.execute(
    db,
  );
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  await sql`create table search_documents (
    kind text not null,
    ref_id text not null,
    title text not null,
    body text not null,
    at bigint not null,
    incident_id text,
    document tsvector generated always as (to_tsvector('english', title || ' ' || body)) stored,
    primary key (kind, ref_id)
  )`.execute(db);
  await sql`create index search_documents_document_idx on search_documents using gin (document)`.execute(db);
  const documents = {
    incident: {
      table: 'incidents',
      values: `'incident', new.id, new.reference || ' ' || new.title, new.category || ' ' || new.description, new.created_at, new.id`,
    },
    report: {
      table: 'reports',
      values: `'report', new.id, new.tracking_code || ' ' || new.category, new.description, new.created_at, new.incident_id`,
    },
    message: {
      table: 'messages',
      values: `'message', new.id, (select full_name from users where id = new.sender_id), new.body, new.sent_at, case when new.channel = 'incident' then new.target_id end`,
    },
  };
  for (const { table, values } of Object.values(documents)) {
    await sql
      .raw(
        `create function ${table}_search_document() returns trigger language plpgsql as $$ begin
          insert into search_documents (kind, ref_id, title, body, at, incident_id) values (${values})
          on conflict (kind, ref_id) do update set title = excluded.title, body = excluded.body, incident_id = excluded.incident_id;
          return new;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(`create trigger ${table}_search after insert or update on ${table} for each row execute function ${table}_search_document()`)
      .execute(db);
  }
  await sql`insert into search_documents (kind, ref_id, title, body, at, incident_id) select 'incident', id, reference || ' ' || title, category || ' ' || description, created_at, id from incidents`.execute(
    db,
  );
  await sql`insert into search_documents (kind, ref_id, title, body, at, incident_id) select 'report', id, tracking_code || ' ' || category, description, created_at, incident_id from reports`.execute(
    db,
  );
  await sql`insert into search_documents (kind, ref_id, title, body, at, incident_id) select 'message', m.id, u.full_name, m.body, m.sent_at, case when m.channel = 'incident' then m.target_id end from messages m join users u on u.id = m.sender_id`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['incidents', 'reports', 'messages']) {
    if (isPostgres(db)) {
      await sql.raw(`drop trigger if exists ${table}_search on ${table}`).execute(db);
      await sql.raw(`drop function if exists ${table}_search_document()`).execute(db);
    } else {
      await sql.raw(`drop trigger if exists ${table}_search_insert`).execute(db);
      await sql.raw(`drop trigger if exists ${table}_search_update`).execute(db);
    }
  }
  await sql.raw(isPostgres(db) ? 'drop table search_documents' : 'drop table search_fts').execute(db);
}
