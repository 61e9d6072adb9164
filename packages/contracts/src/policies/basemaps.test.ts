import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles';
import { mayManageBasemaps } from './basemaps';

describe('mayManageBasemaps', () => {
  it('admits the command roles only', () => {
    expect(ROLES.filter((role) => mayManageBasemaps(role))).toEqual(['Super_Admin', 'Command_Admin']);
  });

  it('refuses no one signed in and unknown roles', () => {
    expect(mayManageBasemaps(null)).toBe(false);
    expect(mayManageBasemaps(undefined)).toBe(false);
    expect(mayManageBasemaps('Guest')).toBe(false);
  });
});
