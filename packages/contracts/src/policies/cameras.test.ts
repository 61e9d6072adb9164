import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles';
import { CAMERA_MANAGERS, mayManageCameras } from './cameras';

describe('mayManageCameras', () => {
  it('admits the roles the cameras routes admit, and no other', () => {
    expect(ROLES.filter((role) => mayManageCameras(role))).toEqual([...CAMERA_MANAGERS]);
    expect(CAMERA_MANAGERS).toEqual(['Super_Admin', 'Command_Admin']);
  });

  it('refuses no one signed in and unknown roles', () => {
    expect(mayManageCameras(null)).toBe(false);
    expect(mayManageCameras('Guest')).toBe(false);
  });
});
