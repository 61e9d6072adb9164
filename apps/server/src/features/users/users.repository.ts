import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema';

export type UserRow = Selectable<UsersTable>;

const COLUMNS = ['id', 'email', 'full_name', 'role', 'is_active', 'password_hash', 'created_at', 'updated_at'] as const;

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

  list(): Promise<UserRow[]> {
    return this.db.selectFrom('users').select(COLUMNS).orderBy('full_name').orderBy('email').execute();
  }

  listActiveExcept(id: string): Promise<UserRow[]> {
    return this.db
      .selectFrom('users')
      .select(COLUMNS)
      .where('is_active', '=', 1)
      .where('id', '!=', id)
      .orderBy('full_name')
      .orderBy('email')
      .execute();
  }

  async insert(row: UserRow): Promise<UserRow> {
    await this.db.insertInto('users').values(row).execute();
    return row;
  }

  async update(
    id: string,
    changes: Partial<Pick<UserRow, 'full_name' | 'role' | 'is_active' | 'password_hash'>>,
    now: number,
  ): Promise<UserRow | undefined> {
    await this.db.updateTable('users').set({ ...changes, updated_at: now }).where('id', '=', id).execute();
    this.afterUpdate();
    return this.findById(id);
  }
}
