import { describe, expect, it } from 'vitest';
import { ROLES, canSwitchTo, homeRouteFor, isAdminRole } from './roles';

describe('post-login destinations (seed section 2)', () => {
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

describe('switching rules (seed section 6, DESIGN decision 4)', () => {
  it('only administrators switch', () => {
    expect(ROLES.filter(isAdminRole)).toEqual(['Super_Admin', 'Command_Admin']);
    for (const role of ['Intelligence_Analyst', 'Field_Unit', 'Civic_Reporter'] as const) {
      for (const target of ROLES) expect(canSwitchTo(role, target)).toBe(false);
    }
  });

  it('a Command_Admin cannot become a Super_Admin; a Super_Admin can become anyone', () => {
    expect(canSwitchTo('Command_Admin', 'Super_Admin')).toBe(false);
    expect(canSwitchTo('Command_Admin', 'Command_Admin')).toBe(true);
    expect(canSwitchTo('Command_Admin', 'Field_Unit')).toBe(true);
    for (const target of ROLES) expect(canSwitchTo('Super_Admin', target)).toBe(true);
  });
});
