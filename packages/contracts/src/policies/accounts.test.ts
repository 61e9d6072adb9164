import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles';
import { OPERATOR, assignableRoles, mayAssignRole, mayManageAccount } from './accounts';

const NON_ADMINS = ['Intelligence_Analyst', 'Field_Unit', 'Civic_Reporter'] as const;

describe('who may manage whose account (decision 4)', () => {
  it('a Super_Admin manages every account and gives every role', () => {
    for (const role of ROLES) {
      expect(mayManageAccount('Super_Admin', role)).toBe(true);
      expect(mayAssignRole('Super_Admin', role)).toBe(true);
    }
    expect(assignableRoles('Super_Admin')).toEqual(ROLES);
  });

  it('a Command_Admin manages everyone but Super_Admins, and cannot make one', () => {
    expect(mayManageAccount('Command_Admin', 'Super_Admin')).toBe(false);
    expect(mayAssignRole('Command_Admin', 'Super_Admin')).toBe(false);
    for (const role of ['Command_Admin', ...NON_ADMINS] as const) {
      expect(mayManageAccount('Command_Admin', role)).toBe(true);
      expect(mayAssignRole('Command_Admin', role)).toBe(true);
    }
    expect(assignableRoles('Command_Admin')).toEqual(['Command_Admin', ...NON_ADMINS]);
  });

  it('other roles manage nobody', () => {
    for (const actor of NON_ADMINS) {
      for (const role of ROLES) {
        expect(mayManageAccount(actor, role)).toBe(false);
        expect(mayAssignRole(actor, role)).toBe(false);
      }
      expect(assignableRoles(actor)).toEqual([]);
    }
  });

  it('the operator at the shell manages everyone', () => {
    for (const role of ROLES) {
      expect(mayManageAccount(OPERATOR, role)).toBe(true);
      expect(mayAssignRole(OPERATOR, role)).toBe(true);
    }
  });
});
