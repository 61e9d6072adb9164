import { describe, expect, it } from 'vitest';
import type { User } from '@argus/contracts/http/auth';
import { ROLES, type Role } from '@argus/contracts/roles';
import { accountControls } from './account-controls';

const account = (role: Role): User => ({
  id: `${role}-1`,
  email: `${role.toLowerCase()}@argus.test`,
  full_name: role,
  role,
  is_active: true,
});

describe('what the settings page offers on an account', () => {
  it('offers a Command_Admin nothing on a Super_Admin, and never the Super_Admin role', () => {
    expect(accountControls('Command_Admin', account('Super_Admin'), false)).toEqual({ manageable: false, roleChoices: [] });
    for (const role of ROLES.filter((role) => role !== 'Super_Admin')) {
      expect(accountControls('Command_Admin', account(role), false)).toEqual({
        manageable: true,
        roleChoices: ROLES.filter((choice) => choice !== 'Super_Admin'),
      });
    }
  });

  it('offers a Super_Admin every account and every role', () => {
    for (const role of ROLES)
      expect(accountControls('Super_Admin', account(role), false)).toEqual({ manageable: true, roleChoices: [...ROLES] });
  });

  it('offers nobody their own account, and nothing before the session is known', () => {
    expect(accountControls('Super_Admin', account('Super_Admin'), true).manageable).toBe(false);
    expect(accountControls(undefined, account('Field_Unit'), false).manageable).toBe(false);
  });
});
