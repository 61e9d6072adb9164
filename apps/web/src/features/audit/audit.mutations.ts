import { useMutation } from '@tanstack/react-query';
import { AuditVerifyResponse } from '@argus/contracts/http/audit';
import { api } from '../../lib/api';

/** Re-checks the whole hash chain on the server, on request: it reads every entry, so it is never a background query. */
export function useVerifyAuditMutation() {
  return useMutation({ mutationFn: () => api.get('/audit/verify', AuditVerifyResponse) });
}
