import { sha256 } from '../../lib/tokens';
import type { ResolvedSession } from './sessions.repository';

const DEFAULT_CAPACITY = 10_000;
/** How stale another process's write may be before this process sees it. */
export const OUTSIDE_CHECK_MS = 100;

/**
 * Resolved sessions kept between requests, because every API call resolves one and the
 * database round trip was most of what /auth/me cost.
 *
 * It is only trusted while nothing can have changed behind its back: this process's writes to
 * sessions and users forget entries through the repositories, and `outsideVersion` (SQLite's
 * data_version) moves when another process — the CLI deactivating a user, say — commits. When
 * the database cannot say that (PostgreSQL, shared by several instances), the cache stays off.
 *
 * Reading data_version takes a read lock on the database, which cost about as much as the rest
 * of a cached lookup, so it is read at most once per OUTSIDE_CHECK_MS: another process's change
 * is seen within that time rather than on the very next request.
 */
export class SessionCache {
  private readonly entries = new Map<string, ResolvedSession>();
  /**
   * The id (SHA-256) of each cookie token lately seen, so a cached session costs no hash: about
   * 1.5 µs of the 25 a cached /auth/me takes. Ids name their tokens back, so a session forgotten
   * (ended, switched, signed out) takes its token out of memory with it.
   */
  private readonly idsByToken = new Map<string, string>();
  private readonly tokensById = new Map<string, string>();
  private seenVersion: number | null;
  /** Moves on every forget, so a lookup that raced a write never stores what it read before it. */
  private generation = 0;

  private nextCheckAt: number;

  constructor(
    private readonly outsideVersion: () => number | null,
    private readonly capacity = DEFAULT_CAPACITY,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.seenVersion = outsideVersion();
    this.nextCheckAt = now() + OUTSIDE_CHECK_MS;
  }

  get(id: string): ResolvedSession | undefined {
    if (this.seenVersion === null) return undefined;
    const now = this.now();
    if (now >= this.nextCheckAt) {
      this.nextCheckAt = now + OUTSIDE_CHECK_MS;
      const version = this.outsideVersion();
      if (version !== this.seenVersion) {
        this.seenVersion = version;
        this.clear();
        return undefined;
      }
    }
    return this.entries.get(id);
  }

  /** The session id a cookie token stands for: the SHA-256 of the token, as stored. */
  idOf(token: string): string {
    const known = this.idsByToken.get(token);
    if (known !== undefined) return known;
    const id = sha256(token);
    // With the cache off, nothing would forget the token when its session ends: keep none.
    if (this.seenVersion === null) return id;
    if (this.idsByToken.size >= this.capacity) this.dropToken(this.idsByToken.keys().next().value!);
    this.idsByToken.set(token, id);
    this.tokensById.set(id, token);
    return id;
  }

  /** Call before reading from the database; pass the result to `store`. */
  begin(): number {
    return this.generation;
  }

  store(id: string, resolved: ResolvedSession, begunAt: number): void {
    if (this.seenVersion === null || begunAt !== this.generation) return;
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(id, resolved);
  }

  forget(id: string): void {
    this.generation += 1;
    this.entries.delete(id);
    const token = this.tokensById.get(id);
    if (token !== undefined) this.dropToken(token);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.idsByToken.clear();
    this.tokensById.clear();
  }

  private dropToken(token: string): void {
    const id = this.idsByToken.get(token);
    this.idsByToken.delete(token);
    if (id !== undefined) this.tokensById.delete(id);
  }
}
