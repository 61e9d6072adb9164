import { sql, type Kysely } from 'kysely';
import type { SEARCH_KINDS } from '@argus/contracts/http/search';
import { isPostgres } from './dialect';
import type { Database } from './schema';

export interface FullTextHit {
  /** Written by the triggers that fill the index, one per searchable table. */
  kind: (typeof SEARCH_KINDS)[number];
  ref_id: string;
  title: string;
  snippet: string;
  at: number;
  incident_id: string | null;
}

/** The words of a person's query, letters and digits only, so nothing they type is query syntax. */
export function searchTerms(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
}

/**
 * Every word must match, each as a prefix ("flood" finds "flooding"); best matches first, with
 * a snippet whose matches stand between « and ». The two dialects differ only here.
 */
export async function fullTextSearch(
  db: Kysely<Database>,
  terms: string[],
  kind: string | undefined,
  limit: number,
): Promise<FullTextHit[]> {
  if (terms.length === 0) return [];
  if (isPostgres(db)) {
    const query = terms.map((term) => `${term}:*`).join(' & ');
    const result = await sql<FullTextHit>`
      select kind, ref_id, title, at, incident_id,
        ts_headline('english', body, to_tsquery('english', ${query}), 'StartSel=«, StopSel=», MaxFragments=1, MaxWords=18, MinWords=6') as snippet
      from search_documents
      where document @@ to_tsquery('english', ${query}) ${kind ? sql`and kind = ${kind}` : sql``}
      order by ts_rank(document, to_tsquery('english', ${query})) desc, at desc
      limit ${limit}`.execute(db);
    return result.rows;
  }
  const query = terms.map((term) => `"${term}"*`).join(' ');
  const result = await sql<FullTextHit>`
    select kind, ref_id, title, at, incident_id, snippet(search_fts, 3, '«', '»', '…', 16) as snippet
    from search_fts
    where search_fts match ${query} ${kind ? sql`and kind = ${kind}` : sql``}
    order by rank, at desc
    limit ${limit}`.execute(db);
  return result.rows;
}
