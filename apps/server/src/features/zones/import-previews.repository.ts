import type { Kysely } from 'kysely';
import type { PreviewFeature } from '@argus/contracts/http/zones';
import type { ZoneImportFormat } from '@argus/contracts/zones';
import type { Executor } from '../../db/repository';
import type { Database } from '../../db/schema';

/** A parsed, checked upload waiting for its owner to choose fields and commit it. */
export interface StoredPreview {
  id: string;
  ownerId: string;
  filename: string;
  format: ZoneImportFormat;
  sha256: string;
  features: PreviewFeature[];
  expiresAt: number;
}

/**
 * How many previews one person keeps at once, across every process; their oldest goes first.
 * Per person, so one person's uploads never expire another's preview before its commit.
 */
const MAX_PREVIEWS_PER_OWNER = 5;

/**
 * Previews kept in the database a short while, so committing does not resend the file and any
 * server process can commit what another previewed
 * (docs/decisions/0064-limits-and-previews-shared-between-processes.md). A commit takes its
 * preview inside the import's transaction: of two racing commits one finds it, and a failed
 * import leaves it in place for a retry. The retention job deletes the expired ones.
 */
export class ImportPreviewsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Keeps `preview`, dropping its owner's oldest past the cap; the retention job deletes expired ones. */
  async put(preview: StoredPreview, now: number): Promise<void> {
    const kept = this.db
      .selectFrom('zone_import_previews')
      .select('id')
      .where('owner_id', '=', preview.ownerId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(MAX_PREVIEWS_PER_OWNER - 1);
    await this.db.deleteFrom('zone_import_previews').where('owner_id', '=', preview.ownerId).where('id', 'not in', kept).execute();
    await this.db
      .insertInto('zone_import_previews')
      .values({
        id: preview.id,
        owner_id: preview.ownerId,
        filename: preview.filename,
        format: preview.format,
        sha256: preview.sha256,
        features: JSON.stringify(preview.features),
        created_at: now,
        expires_at: preview.expiresAt,
      })
      .execute();
  }

  /** The owner's unexpired preview, read but left in place. */
  async find(id: string, ownerId: string, now: number): Promise<StoredPreview | null> {
    const row = await this.db
      .selectFrom('zone_import_previews')
      .selectAll()
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      ownerId: row.owner_id,
      filename: row.filename,
      format: row.format as ZoneImportFormat,
      sha256: row.sha256,
      features: JSON.parse(row.features) as PreviewFeature[],
      expiresAt: Number(row.expires_at),
    };
  }

  /** Deletes the owner's unexpired preview in `trx`; false when it is gone (expired, or another commit took it). */
  async take(trx: Executor, id: string, ownerId: string, now: number): Promise<boolean> {
    const result = await trx
      .deleteFrom('zone_import_previews')
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}
