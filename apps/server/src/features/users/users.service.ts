import { randomUUID } from 'node:crypto';
import type { RegisterRequest } from '@argus/contracts/http/auth';
import type { CreateUserRequest, UpdateUserRequest } from '@argus/contracts/http/users';
import { mayAssignRole, mayManageAccount, type AccountManager } from '@argus/contracts/policies/accounts';
import { isRole, type Role } from '@argus/contracts/roles';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AuditLog, AuditContext } from '../audit/audit.log';
import { hashPassword } from '../auth/password-hasher';
import { passwordProblem } from '../auth/password-policy';
import type { UserRow, UsersRepository } from './users.repository';

/**
 * Creating users and changing roles and activation; used by the admin API and the CLI. Who may
 * do what to whom is the account policy in contracts; `manager` is the role acting, or the CLI's
 * operator.
 */
export class UsersService {
  private readonly deactivationListeners: ((userId: string, context: AuditContext) => Promise<void>)[] = [];

  constructor(
    private readonly users: UsersRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  /** Runs `listener` after a user is deactivated, before the change is answered. */
  whenDeactivated(listener: (userId: string, context: AuditContext) => Promise<void>): void {
    this.deactivationListeners.push(listener);
  }

  list(): Promise<UserRow[]> {
    return this.users.list();
  }

  async create(input: CreateUserRequest, manager: AccountManager, context: AuditContext): Promise<UserRow> {
    if (!mayAssignRole(manager, input.role)) throw new AppError('super_admin_only');
    return this.insert(input, context);
  }

  /**
   * Self-registration on the civic reporter site: always a Civic_Reporter, whoever asks. It runs the
   * same way whether or not the address is taken (the password is hashed either way) and returns
   * nothing, so neither the answer nor its timing says who has an account: a taken address gets no
   * new account, and the attempt is audited on the account that holds it.
   */
  async registerCivicReporter(input: RegisterRequest, context: AuditContext): Promise<void> {
    const row = await this.newRow({ ...input, role: 'Civic_Reporter' });
    if (await this.users.insertUnlessEmailTaken(row)) {
      await this.audit.append(context, 'user.create', row.id, { email: row.email, role: row.role });
      return;
    }
    const holder = await this.users.findByEmail(row.email);
    await this.audit.append(context, 'user.register_attempt', holder?.id ?? null, { email: row.email });
  }

  /**
   * The first account of a new install, a Super_Admin, created only while no account exists
   * (docs/decisions/0045-first-run-setup-code.md); null when one does. It is its own actor in the
   * audit log: nobody else was there to create it.
   */
  async createFirstSuperAdmin(input: Omit<CreateUserRequest, 'role'>, context: AuditContext): Promise<UserRow | null> {
    const row = await this.newRow({ ...input, role: 'Super_Admin' });
    if (!(await this.users.insertIfNoStaff(row))) return null;
    await this.audit.append({ ...context, actorId: row.id, subjectId: row.id }, 'user.create', row.id, {
      email: row.email,
      role: row.role,
      firstRun: true,
    });
    return row;
  }

  private async insert(input: CreateUserRequest, context: AuditContext): Promise<UserRow> {
    const fresh = await this.newRow(input);
    if (await this.users.findByEmail(input.email)) throw new AppError('email_taken');
    const row = await this.users.insert(fresh);
    await this.audit.append(context, 'user.create', row.id, { email: row.email, role: row.role });
    return row;
  }

  /** A new active account with its password hashed, once the password policy accepts it. */
  private async newRow(input: CreateUserRequest): Promise<UserRow> {
    const problem = passwordProblem(input.password, [input.email, input.full_name]);
    if (problem) throw new AppError('weak_password', problem);
    const now = this.clock.now();
    return {
      id: randomUUID(),
      email: input.email,
      full_name: input.full_name,
      role: input.role,
      is_active: 1,
      password_hash: await hashPassword(input.password),
      created_at: now,
      updated_at: now,
    };
  }

  async update(id: string, changes: UpdateUserRequest, manager: AccountManager, context: AuditContext): Promise<UserRow> {
    const existing = await this.users.findById(id);
    if (!existing) throw new AppError('not_found', 'No user with that id.');
    if (!isRole(existing.role)) throw new Error(`User ${id} has an unknown role`);
    if (!mayManageAccount(manager, existing.role) || (changes.role !== undefined && !mayAssignRole(manager, changes.role))) {
      throw new AppError('super_admin_only');
    }
    if (context.actorId === id && (changes.role !== undefined || changes.is_active === false)) {
      throw new AppError('conflict', 'You cannot change your own role or deactivate yourself.');
    }
    const change = await this.users.changeAccount(
      id,
      existing.role,
      {
        ...(changes.role !== undefined && { role: changes.role }),
        ...(changes.full_name !== undefined && { full_name: changes.full_name }),
        ...(changes.is_active !== undefined && { is_active: changes.is_active ? 1 : 0 }),
      },
      this.clock.now(),
    );
    if (change.status === 'last_super_admin') throw new AppError('last_super_admin');
    if (change.status === 'role_changed') {
      throw new AppError('conflict', "This account's role changed meanwhile. Reload the users and try again.");
    }
    const updated = change.row;
    if (changes.role !== undefined && changes.role !== existing.role) {
      await this.audit.append(context, 'user.role_change', id, { from: existing.role, to: changes.role });
    }
    if (changes.is_active !== undefined && (existing.is_active === 1) !== changes.is_active) {
      await this.audit.append(context, changes.is_active ? 'user.activate' : 'user.deactivate', id, {});
      if (!changes.is_active) for (const listener of this.deactivationListeners) await listener(id, context);
    }
    return updated;
  }

  async setRoleByEmail(email: string, role: Role, manager: AccountManager, context: AuditContext): Promise<UserRow> {
    const user = await this.requireByEmail(email);
    return this.update(user.id, { role }, manager, context);
  }

  async deactivateByEmail(email: string, manager: AccountManager, context: AuditContext): Promise<UserRow> {
    const user = await this.requireByEmail(email);
    return this.update(user.id, { is_active: false }, manager, context);
  }

  private async requireByEmail(email: string): Promise<UserRow> {
    const user = await this.users.findByEmail(email.trim().toLowerCase());
    if (!user) throw new AppError('not_found', `No user with email ${email}.`);
    return user;
  }
}
