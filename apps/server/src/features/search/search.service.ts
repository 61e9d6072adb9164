import type { SearchHit, SearchQuery } from '@argus/contracts/http/search';
import type { z } from 'zod';
import { searchTerms } from '../../db/full-text';
import type { SearchRepository } from './search.repository';

/** Full-text search over incidents, reports and messages, for those who see every row. */
export class SearchService {
  constructor(private readonly index: SearchRepository) {}

  /** The best hits for what the person typed, reduced to plain words so nothing is query syntax. */
  async search(query: z.infer<typeof SearchQuery>): Promise<SearchHit[]> {
    const hits = await this.index.search(searchTerms(query.q), query.kind, query.limit);
    return hits.map((hit) => ({
      kind: hit.kind,
      id: hit.ref_id,
      title: hit.title,
      snippet: hit.snippet,
      at: Number(hit.at),
      incidentId: hit.incident_id,
    }));
  }
}
