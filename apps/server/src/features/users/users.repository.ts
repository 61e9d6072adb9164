import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import { isPostgres } from '../../db/dialect';
import type { Database, UsersTable } from '../../db/schema';
import type { Role } from '@argus/contracts/roles';

export type UserRow = Selectable<UsersTable>;

export type AccountChanges = Partial<Pick<UserRow, 'full_name' | 'role' | 'is_active'>>;

/** What `changeAccount` did: changed it, or found its role changed meanwhile, or kept the last Super_Admin. */
export type AccountChange = { status: 'changed'; row: UserRow } | { status: 'role_changed' } | { status: 'last_super_admin' };

const COLUMNS = ['id', 'email', 'full_name', 'role', 'is_active', 'password_hash', 'created_at', 'updated_at'] as const;

const notADevice = (eb: ExpressionBuilder<Database, 'users'>) => eb('id', 'not in', eb.selectFrom('devices').select('user_id'));

/** Only this file reads and writes the users table. */
export class UsersRepository {
  /** `afterUpdate` lets cached sessions forget a user whose role, status or password changed. */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly afterUpdate: () => void = () => {},
  ) {}

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').select(COLUMNS).where('email', '=', email).executeTakeFirst();
  }

  /**
   * People's accounts. A wall display's or tracker's account is listed with its device, never
   * here nor among switch targets (docs/decisions/0051-device-sessions-and-retention.md).
   */
  list(): Promise<UserRow[]> {
    return this.db.selectFrom('users').select(COLUMNS).where(notADevice).orderBy('full_name').orderBy('email').execute();
  }

  listActiveExcept(id: string): Promise<UserRow[]> {
    return this.db
      .selectFrom('users')
      .select(COLUMNS)
      .where('is_active', '=', 1)
      .where('id', '!=', id)
      .where(notADevice)
      .orderBy('full_name')
      .orderBy('email')
      .execute();
  }

  async insert(row: UserRow): Promise<UserRow> {
    await this.db.insertInto('users').values(row).execute();
    return row;
  }

  /** Whether any account exists, active or not: the first run is over once one does. */
  /**
   * Whether any staff account exists. Civic reporters register themselves, so they never close
   * first-run set-up (docs/decisions/0045-first-run-setup-code.md).
   */
  async hasStaff(): Promise<boolean> {
    return (await this.db.selectFrom('users').select('id').where('role', '!=', 'Civic_Reporter').limit(1).executeTakeFirst()) !== undefined;
  }

  /**
   * Inserts the first staff account, only while there is none; whether it did. PostgreSQL locks the
   * table first, so a CLI `user add` racing the browser waits and the loser sees the winner's row;
   * SQLite has one writer, and a transaction holds its only connection.
   */
  async insertIfNoStaff(row: UserRow): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (isPostgres(trx)) await sql`lock table users in share row exclusive mode`.execute(trx);
      const staff = await trx.selectFrom('users').select('id').where('role', '!=', 'Civic_Reporter').limit(1).executeTakeFirst();
      if (staff !== undefined) return false;
      await trx.insertInto('users').values(row).execute();
      return true;
    });
  }

  /** Inserts the user unless its email is taken, even by a registration racing this one; whether it did. */
  async insertUnlessEmailTaken(row: UserRow): Promise<boolean> {
    const result = await this.db
      .insertInto('users')
      .values(row)
      .onConflict((conflict) => conflict.column('email').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /**
   * Changes an account an administrator was allowed to change, atomically: only while its role is
   * still `judgedRole` (what the permission was decided on), and never so that no Super_Admin
   * stays active. The active Super_Admins are locked first on PostgreSQL, so two of them
   * deactivating each other at once take turns and the second sees the first's change; SQLite
   * has one writer, and a transaction holds its only connection.
   */
  async changeAccount(id: string, judgedRole: Role, changes: AccountChanges, now: number): Promise<AccountChange> {
    const removesASuperAdmin = changes.is_active === 0 || (changes.role !== undefined && changes.role !== 'Super_Admin');
    const status = await this.db.transaction().execute(async (trx) => {
      if (removesASuperAdmin) {
        const active = await trx
          .selectFrom('users')
          .select('id')
          .where('role', '=', 'Super_Admin')
          .where('is_active', '=', 1)
          .orderBy('id')
          .$if(isPostgres(trx), (query) => query.forUpdate())
          .execute();
        if (active.length === 1 && active[0]!.id === id) return 'last_super_admin';
      }
      const result = await trx
        .updateTable('users')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .where('role', '=', judgedRole)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1 ? 'changed' : 'role_changed';
    });
    if (status !== 'changed') return { status };
    this.afterUpdate();
    const row = await this.findById(id);
    if (!row) throw new Error(`user ${id} vanished after it was changed`);
    return { status, row };
  }

  async update(
    id: string,
    changes: Partial<Pick<UserRow, 'full_name' | 'role' | 'is_active' | 'password_hash'>>,
    now: number,
  ): Promise<UserRow | undefined> {
    await this.db
      .updateTable('users')
      .set({ ...changes, updated_at: now })
      .where('id', '=', id)
      .execute();
    this.afterUpdate();
    return this.findById(id);
  }
}
