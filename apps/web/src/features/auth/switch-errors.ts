import { TEXT } from '@argus/contracts/catalogue';
import { isApiError } from '../../lib/api-error';
import type { ToastInput } from '../../components/ui/toast-store';

/** The toast for a failed switch (docs/specification.md section 8); codes come from contracts errors.ts. */
export function switchErrorToast(error: unknown): ToastInput {
  const failed = (description: string): ToastInput => ({ title: TEXT.switching.failedTitle, description, variant: 'destructive' });
  if (!isApiError(error)) return failed(TEXT.login.serviceUnavailable);
  switch (error.code) {
    case 'not_admin':
      return { title: TEXT.switching.accessDeniedTitle, description: TEXT.switching.accessDeniedDescription, variant: 'destructive' };
    case 'switch_target_not_found':
      return failed(TEXT.switching.targetNotFound);
    case 'switch_target_inactive':
      return failed(TEXT.switching.targetInactive);
    default:
      return failed(error.isNetworkFailure ? TEXT.login.serviceUnavailable : error.message);
  }
}

/** Shown without calling the server when a non-administrator reaches a switch control. */
export const ACCESS_DENIED_TOAST: ToastInput = {
  title: TEXT.switching.accessDeniedTitle,
  description: TEXT.switching.accessDeniedDescription,
  variant: 'destructive',
};
