import { z } from 'zod';
import { Timestamp } from './common';
import { singleLineText } from './text';

export const SEARCH_KINDS = ['incident', 'report', 'message'] as const;

/** GET /search?q=…: full text over reports, incidents and messages (SQLite FTS5 / PostgreSQL full-text). */
export const SearchQuery = z.object({
  q: singleLineText().min(2, 'Search for at least two characters.').max(200, 'The search is too long.'),
  kind: z.enum(SEARCH_KINDS, { error: 'kind must be incident, report or message.' }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const SearchHit = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  /** The incident's reference and title, the report's tracking code, the message's sender. */
  title: z.string(),
  /** The matching text with the matched words between « and ». */
  snippet: z.string(),
  at: Timestamp,
  /** For a message or report: the incident it belongs to, when any. */
  incidentId: z.string().nullable(),
});
export type SearchHit = z.infer<typeof SearchHit>;
export const SearchResponse = z.object({ hits: z.array(SearchHit) });
