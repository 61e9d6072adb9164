import { AppError } from './app-error';

/** A keyset position in a newest-first list: the last row's creation time and id. */
export interface Keyset {
  createdAt: number;
  id: string;
}

/** The opaque cursor a list hands out for its next page. */
export function encodeCursor(row: { created_at: number; id: string }): string {
  return Buffer.from(JSON.stringify([row.created_at, row.id])).toString('base64url');
}

export function decodeCursor(cursor: string): Keyset {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'number' && typeof id === 'string') return { createdAt, id };
  } catch {
    // falls through to the error below
  }
  throw new AppError('validation_failed', 'The cursor is not one this server gave out.');
}

/** The cursor of the page after `rows`, or null when `rows` did not fill its page (the list ends there). */
export function nextCursor(rows: readonly { created_at: number; id: string }[], limit: number): string | null {
  return rows.length === limit && rows.length > 0 ? encodeCursor(rows.at(-1)!) : null;
}
