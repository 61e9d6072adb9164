import type { PreviewFeature } from '@argus/contracts/http/zones';
import type { ZoneImportFormat } from '@argus/contracts/zones';

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

/** How many previews the server holds at once; the oldest goes first. */
const MAX_PREVIEWS = 10;

/**
 * Previews live in this process's memory for a short while, so committing does not resend the
 * file. Behind several server processes the commit must reach the same one (or the user
 * previews again: the commit answers "expired" and nothing is imported).
 */
export class ImportPreviews {
  private readonly previews = new Map<string, StoredPreview>();

  put(preview: StoredPreview, now: number): void {
    this.sweep(now);
    while (this.previews.size >= MAX_PREVIEWS) this.previews.delete(this.previews.keys().next().value!);
    this.previews.set(preview.id, preview);
  }

  /** The owner's unexpired preview, taken out so it can be committed once. */
  take(id: string, ownerId: string, now: number): StoredPreview | null {
    this.sweep(now);
    const preview = this.previews.get(id);
    if (!preview || preview.ownerId !== ownerId) return null;
    this.previews.delete(id);
    return preview;
  }

  /** Puts a taken preview back (its commit failed, so the user may retry). */
  restore(preview: StoredPreview): void {
    this.previews.set(preview.id, preview);
  }

  private sweep(now: number): void {
    for (const [id, preview] of this.previews) if (preview.expiresAt <= now) this.previews.delete(id);
  }
}
