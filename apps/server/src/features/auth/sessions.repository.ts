import { sql, type CompiledQuery, type Kysely, type Selectable } from 'kysely';
import type { DeviceKind } from '@argus/contracts/http/devices';
import type { Database, SessionsTable } from '../../db/schema';
import type { UserRow } from '../users/users.repository';
import type { SessionCache } from './session-cache';

export type SessionRow = Selectable<SessionsTable>;

export interface ResolvedSession {
  session: SessionRow;
  user: UserRow;
  actor: UserRow | null;
  /** The user has a verified second factor, so this session must reach aal2 to do anything. */
  hasVerifiedFactor: boolean;
  /** The wall display or tracker this session is (docs/decisions/0051-device-sessions-and-retention.md). */
  device: { id: string; kind: DeviceKind; name: string } | null;
}

const USER_COLUMNS = ['id', 'email', 'full_name', 'role', 'is_active', 'password_hash', 'created_at', 'updated_at'] as const;

/**
 * Every API request resolves its session, so the query is compiled once and only its
 * parameter changes; building and compiling it per request cost more than running it.
 */
function compileResolveQuery(db: Kysely<Database>) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('users as a', 'a.id', 's.actor_id')
    .leftJoin('devices as d', 'd.id', 's.device_id')
    .selectAll('s')
    .select('d.name as device_name')
    .select(USER_COLUMNS.map((column) => `u.${column} as u_${column}` as const))
    .select(USER_COLUMNS.map((column) => `a.${column} as a_${column}` as const))
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('mfa_factors as f')
            .select('f.id')
            // While switched, the administrator at the keyboard is the one whose factor counts.
            .where((w) => w('f.user_id', '=', w.fn.coalesce('s.actor_id', 's.user_id')))
            // A literal, so the session id stays the query's only parameter.
            .where('f.status', '=', sql.lit('verified')),
        )
        .as('has_factor'),
    )
    .where('s.id', '=', '')
    .where('s.revoked_at', 'is', null)
    .compile();
}

type ResolveRow = ReturnType<typeof compileResolveQuery> extends CompiledQuery<infer Row> ? Row : never;

/** Server-side sessions (docs/decisions/0003-sessions-on-the-server.md). Rows are keyed by the hash of the cookie token. */
export class SessionsRepository {
  private readonly resolveQuery: ReturnType<typeof compileResolveQuery>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache: SessionCache,
  ) {
    this.resolveQuery = compileResolveQuery(db);
    if (this.resolveQuery.parameters.length !== 1) throw new Error('the session query must take exactly the session id');
  }

  async insert(row: SessionRow): Promise<void> {
    await this.db.insertInto('sessions').values(row).execute();
  }

  /** The id a cookie token stands for (its SHA-256), remembered for tokens lately seen. */
  idOf(token: string): string {
    return this.cache.idOf(token);
  }

  /** The session if it is cached and nothing has changed since; no database work. */
  cached(id: string): ResolvedSession | undefined {
    return this.cache.get(id);
  }

  async resolve(id: string): Promise<ResolvedSession | undefined> {
    const cached = this.cache.get(id);
    if (cached) return cached;
    const begunAt = this.cache.begin();
    const resolved = await this.read(id);
    if (resolved) this.cache.store(id, resolved, begunAt);
    return resolved;
  }

  /** One round trip: the session with its subject and, while switched, the administrator behind it. */
  private async read(id: string): Promise<ResolvedSession | undefined> {
    const { rows } = await this.db.executeQuery<ResolveRow>({ ...this.resolveQuery, parameters: [id] });
    const row = rows[0];
    if (!row) return undefined;
    const record = row as Record<string, unknown>;
    const pick = (prefix: string) =>
      Object.fromEntries(USER_COLUMNS.map((column) => [column, record[`${prefix}_${column}`]])) as unknown as UserRow;
    const session: SessionRow = {
      id: row.id,
      user_id: row.user_id,
      actor_id: row.actor_id,
      csrf_token: row.csrf_token,
      aal: row.aal,
      amr: row.amr,
      created_at: row.created_at,
      last_activity_at: row.last_activity_at,
      absolute_expires_at: row.absolute_expires_at,
      revoked_at: row.revoked_at,
      ip: row.ip,
      user_agent: row.user_agent,
      device_id: row.device_id,
      device_kind: row.device_kind,
      interacted_at: row.interacted_at,
    };
    const device = row.device_id && row.device_kind ? { id: row.device_id, kind: row.device_kind, name: row.device_name ?? '' } : null;
    // SQLite answers EXISTS with 0/1, PostgreSQL with a boolean.
    return { session, user: pick('u'), actor: row.actor_id ? pick('a') : null, hasVerifiedFactor: Boolean(row.has_factor), device };
  }

  /** A person acted in the session: both its activity and its last interaction move. */
  async touch(id: string, now: number): Promise<void> {
    await this.db.updateTable('sessions').set({ last_activity_at: now, interacted_at: now }).where('id', '=', id).execute();
    this.cache.forget(id);
  }

  /** Activity without a person at the screen (a crew's position reports): the last interaction stays. */
  async touchActivity(id: string, now: number): Promise<void> {
    await this.db.updateTable('sessions').set({ last_activity_at: now }).where('id', '=', id).execute();
    this.cache.forget(id);
  }

  /** Ends every session of a device at once (revocation). */
  async revokeDevice(deviceId: string, now: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('device_id', '=', deviceId)
      .where('revoked_at', 'is', null)
      .execute();
    this.cache.clear();
  }

  async setSubject(id: string, userId: string, actorId: string | null): Promise<void> {
    await this.db.updateTable('sessions').set({ user_id: userId, actor_id: actorId }).where('id', '=', id).execute();
    this.cache.forget(id);
  }

  /** A second factor was verified (aal2) or the last one removed (aal1); amr records how. */
  async setAssurance(id: string, aal: 'aal1' | 'aal2', amr: string): Promise<void> {
    await this.db.updateTable('sessions').set({ aal, amr }).where('id', '=', id).execute();
    this.cache.forget(id);
  }

  /** Every live session of a user, for sign-out with scope global or others. */
  async revokeAllOf(userId: string, now: number, exceptId?: string): Promise<void> {
    let query = this.db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
    if (exceptId) query = query.where('id', '!=', exceptId);
    await query.execute();
    this.cache.clear();
  }

  async revoke(id: string, now: number): Promise<void> {
    await this.db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', id).execute();
    this.cache.forget(id);
  }

  /** Signs a user out everywhere but here, e.g. after a password change. */
  async revokeOthersOf(userId: string, keepId: string, now: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('id', '!=', keepId)
      .where('revoked_at', 'is', null)
      .execute();
    this.cache.clear();
  }
}
