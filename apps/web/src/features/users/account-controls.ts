import type { User } from '@argus/contracts/http/auth';
import { assignableRoles, mayManageAccount } from '@argus/contracts/policies/accounts';
import type { Role } from '@argus/contracts/roles';

/** What the settings page offers on one account: a control the server would refuse is not shown. */
export interface AccountControls {
  /** The viewer may change its role and (de)activate it. */
  manageable: boolean;
  /** The roles offered for it; none when it is not manageable. */
  roleChoices: Role[];
}

/** The account policy the server enforces, applied to one row; nobody manages their own account here. */
export function accountControls(viewer: Role | undefined, account: User, isSelf: boolean): AccountControls {
  const manageable = viewer !== undefined && !isSelf && mayManageAccount(viewer, account.role);
  return { manageable, roleChoices: manageable ? assignableRoles(viewer) : [] };
}
