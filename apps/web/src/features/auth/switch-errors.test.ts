import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { switchErrorToast } from './switch-errors';

describe('switchErrorToast', () => {
  it('denies non-administrators with the specification texts', () => {
    expect(switchErrorToast(new ApiError(403, 'not_admin', 'x'))).toEqual({
      title: 'Access denied',
      description: 'Only administrators can switch users',
      variant: 'destructive',
    });
  });

  it('explains a missing or inactive target', () => {
    expect(switchErrorToast(new ApiError(404, 'switch_target_not_found', 'x'))).toMatchObject({
      title: 'Switch failed',
      description: 'Target user not found',
    });
    expect(switchErrorToast(new ApiError(409, 'switch_target_inactive', 'x'))).toMatchObject({
      title: 'Switch failed',
      description: 'Cannot switch to inactive user',
    });
  });

  it("passes on the server's reason when the switch is not allowed", () => {
    const toast = switchErrorToast(new ApiError(403, 'switch_not_allowed', 'Your role cannot switch to this user.'));
    expect(toast).toMatchObject({ title: 'Switch failed', description: 'Your role cannot switch to this user.' });
  });

  it('does not show raw network errors', () => {
    expect(switchErrorToast(new ApiError(0, 'network_error', 'Network request failed.')).description).toBe(
      'Authentication service unavailable',
    );
  });
});
