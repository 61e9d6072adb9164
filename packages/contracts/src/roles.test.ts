import { describe, expect, it } from 'vitest';
import { ROLES, homeRouteFor, isAdminRole } from './roles';

describe('post-login destinations (specification section 2)', () => {
  it.each([
    ['Super_Admin', '/'],
    ['Command_Admin', '/'],
    ['Field_Unit', '/fieldunit'],
    ['Civic_Reporter', '/civic-reporter'],
    ['Intelligence_Analyst', '/analyst'],
    ['Unknown_Role', '/'],
    [null, '/'],
  ])('%s lands on %s', (role, path) => {
    expect(homeRouteFor(role)).toBe(path);
  });
});

describe('administrators (specification section 6)', () => {
  it('are the Super_Admin and the Command_Admin; who manages whom is policies/accounts.ts', () => {
    expect(ROLES.filter(isAdminRole)).toEqual(['Super_Admin', 'Command_Admin']);
  });
});
