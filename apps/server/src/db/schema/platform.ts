import type { Generated } from 'kysely';

/** What the platform keeps for itself: the audit chain, analytics, stored file chunks in PostgreSQL and the outbox. Row conventions: ../schema.ts. */

export interface AuditHeadTable {
  id: number;
  seq: number;
  hash: string;
}

export interface AuditEventsTable {
  seq: number;
  at: number;
  actor_id: string | null;
  subject_id: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  user_agent: string | null;
  detail: string;
  prev_hash: string;
  hash: string;
}

/** A signed statement that the audit chain's entry `seq` had hash `hash` at time `at`. */
export interface AuditCheckpointsTable {
  seq: number;
  hash: string;
  at: number;
  key_id: string;
  signature: string;
}

export interface AnalyticsEventsTable {
  id: Generated<number>;
  kind: string;
  tracking_id: string;
  user_id: string | null;
  site: string;
  payload: string;
  received_at: number;
}

/** Stored files' bytes in PostgreSQL (FILE_STORE_URL=postgres): 1 MiB chunks of one upload. PostgreSQL only. */
export interface FileStoreChunksTable {
  upload_id: string;
  seq: number;
  bytes: Buffer;
}

/** A complete stored file: its key (per namespace) and the upload whose chunks hold it. PostgreSQL only. */
export interface FileStoreFilesTable {
  namespace: string;
  key: string;
  upload_id: string;
  size: number;
  created_at: number;
}

/** Events written with the change they announce, relayed from here (0032_outbox.ts). */
export interface OutboxTable {
  id: Generated<number>;
  event_id: string;
  key: string | null;
  /** The OperationalEvent as JSON, without its id (event_id). */
  event: string;
  created_at: number;
  claimed_until: number | null;
  published_at: number | null;
}
