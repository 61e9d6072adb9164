import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  TakCertificateResponse,
  TakContactResponse,
  TakEnrolmentResponse,
  type BindTakContactRequest,
  type CreateTakEnrolmentRequest,
} from '@argus/contracts/http/tak';
import { apiRequest } from '../../lib/api';
import { patchTakContacts } from './tak.live';
import { takCertificateQueries } from './tak.queries';

/** Binds a TAK contact to a unit, or unbinds it with null; the answer replaces the listed contact. */
export function useBindTakContactMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, ...request }: BindTakContactRequest & { uid: string }) =>
      apiRequest(`/tak/contacts/${encodeURIComponent(uid)}`, { method: 'PUT', body: request, schema: TakContactResponse }),
    onSuccess: ({ contact }) => patchTakContacts(queryClient, [contact]),
  });
}

/** Revokes a TAK device's certificate: the device is cut off at once; the list is fetched again. */
export function useRevokeTakCertificateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/tak/certificates/${encodeURIComponent(id)}/revoke`, { method: 'POST', schema: TakCertificateResponse }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: takCertificateQueries.all }),
  });
}

/** Makes a one-time enrolment token for a unit's crew member, with its QR code and data package. */
export function useCreateTakEnrolmentMutation() {
  return useMutation({
    mutationFn: (request: CreateTakEnrolmentRequest) =>
      apiRequest('/tak/enrolments', { method: 'POST', body: request, schema: TakEnrolmentResponse }),
  });
}
