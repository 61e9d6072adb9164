import type { User } from '@argus/contracts/http/auth';
import { isRole } from '@argus/contracts/roles';
import type { UserRow } from './users.repository';

/** The user record of docs/specification.md; the password hash never leaves the server. */
export function presentUser(row: UserRow): User {
  if (!isRole(row.role)) throw new Error(`User ${row.id} has an unknown role`);
  return { id: row.id, email: row.email, full_name: row.full_name, role: row.role, is_active: row.is_active === 1 };
}
