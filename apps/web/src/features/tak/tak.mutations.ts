import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TakContactResponse, type BindTakContactRequest } from '@argus/contracts/http/tak';
import { apiRequest } from '../../lib/api';
import { patchTakContacts } from './tak.live';

/** Binds a TAK contact to a unit, or unbinds it with null; the answer replaces the listed contact. */
export function useBindTakContactMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, ...request }: BindTakContactRequest & { uid: string }) =>
      apiRequest(`/tak/contacts/${encodeURIComponent(uid)}`, { method: 'PUT', body: request, schema: TakContactResponse }),
    onSuccess: ({ contact }) => patchTakContacts(queryClient, [contact]),
  });
}
