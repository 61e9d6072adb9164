import type { Kysely } from 'kysely';
import { fullTextSearch, type FullTextHit } from '../../db/full-text';
import type { Database } from '../../db/schema';

/** Reads the full-text index; how each dialect searches it stays in db/full-text. */
export class SearchRepository {
  constructor(private readonly db: Kysely<Database>) {}

  search(terms: string[], kind: string | undefined, limit: number): Promise<FullTextHit[]> {
    return fullTextSearch(this.db, terms, kind, limit);
  }
}
