import { randomUUID } from 'node:crypto';
import type { CreateUserRequest, UpdateUserRequest } from '@argus/contracts/http/users';
import type { Role } from '@argus/contracts/roles';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AuditLog, AuditContext } from '../audit/audit.log';
import { hashPassword } from '../auth/password-hasher';
import { passwordProblem } from '../auth/password-policy';
import type { UserRow, UsersRepository } from './users.repository';

/** Creating users and changing roles and activation; used by the admin API and the CLI. */
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  list(): Promise<UserRow[]> {
    return this.users.list();
  }

  async create(input: CreateUserRequest, context: AuditContext): Promise<UserRow> {
    const problem = passwordProblem(input.password, [input.email, input.full_name]);
    if (problem) throw new AppError('weak_password', problem);
    if (await this.users.findByEmail(input.email)) throw new AppError('email_taken');
    const now = this.clock.now();
    const row = await this.users.insert({
      id: randomUUID(),
      email: input.email,
      full_name: input.full_name,
      role: input.role,
      is_active: 1,
      password_hash: await hashPassword(input.password),
      created_at: now,
      updated_at: now,
    });
    await this.audit.append(context, 'user.create', row.id, { email: row.email, role: row.role });
    return row;
  }

  async update(id: string, changes: UpdateUserRequest, context: AuditContext): Promise<UserRow> {
    const existing = await this.users.findById(id);
    if (!existing) throw new AppError('not_found', 'No user with that id.');
    if (context.actorId === id && (changes.role !== undefined || changes.is_active === false)) {
      throw new AppError('conflict', 'You cannot change your own role or deactivate yourself.');
    }
    const updated = await this.users.update(
      id,
      {
        ...(changes.role !== undefined && { role: changes.role }),
        ...(changes.full_name !== undefined && { full_name: changes.full_name }),
        ...(changes.is_active !== undefined && { is_active: changes.is_active ? 1 : 0 }),
      },
      this.clock.now(),
    );
    if (!updated) throw new AppError('not_found', 'No user with that id.');
    if (changes.role !== undefined && changes.role !== existing.role) {
      await this.audit.append(context, 'user.role_change', id, { from: existing.role, to: changes.role });
    }
    if (changes.is_active !== undefined && (existing.is_active === 1) !== changes.is_active) {
      await this.audit.append(context, changes.is_active ? 'user.activate' : 'user.deactivate', id, {});
    }
    return updated;
  }

  async setRoleByEmail(email: string, role: Role, context: AuditContext): Promise<UserRow> {
    const user = await this.requireByEmail(email);
    return this.update(user.id, { role }, context);
  }

  async deactivateByEmail(email: string, context: AuditContext): Promise<UserRow> {
    const user = await this.requireByEmail(email);
    return this.update(user.id, { is_active: false }, context);
  }

  private async requireByEmail(email: string): Promise<UserRow> {
    const user = await this.users.findByEmail(email.trim().toLowerCase());
    if (!user) throw new AppError('not_found', `No user with email ${email}.`);
    return user;
  }
}
