import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles';
import { mayManageDispatchCapabilities } from './dispatch-capabilities';

describe('mayManageDispatchCapabilities', () => {
  it('admits the command roles only', () => {
    expect(ROLES.filter((role) => mayManageDispatchCapabilities(role))).toEqual(['Super_Admin', 'Command_Admin']);
  });

  it('refuses no one signed in and unknown roles', () => {
    expect(mayManageDispatchCapabilities(null)).toBe(false);
    expect(mayManageDispatchCapabilities('Guest')).toBe(false);
  });
});
