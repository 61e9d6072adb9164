import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EvidenceResponse } from '@argus/contracts/http/evidence';
import { CSRF_COOKIE, CSRF_HEADER, cookieName } from '@argus/contracts/http/auth';
import { api } from '../../lib/api';
import { errorFromResponse } from '../../lib/api-error';
import { readCookie } from '../../lib/cookies';
import { evidenceQueries } from './evidence.queries';

const itemPath = (id: string, action: string) => `/evidence/${encodeURIComponent(id)}/${action}`;

/** After a change the item's custody log, its badge and the list all move on. */
function useAfterChange() {
  const queryClient = useQueryClient();
  return (id: string) => {
    void queryClient.invalidateQueries({ queryKey: evidenceQueries.lists() });
    void queryClient.invalidateQueries({ queryKey: evidenceQueries.custody(id).queryKey });
    void queryClient.invalidateQueries({ queryKey: evidenceQueries.verification(id).queryKey });
  };
}

export function useReviewEvidenceMutation() {
  const afterChange = useAfterChange();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, reason }: { id: string; status: 'accepted' | 'rejected'; reason?: string }) =>
      api.post(itemPath(id, 'review'), { status, ...(reason ? { reason } : {}) }, EvidenceResponse),
    onSuccess: (data, { id }) => {
      queryClient.setQueryData(evidenceQueries.item(id).queryKey, data);
      afterChange(id);
    },
  });
}

export function useLinkEvidenceMutation() {
  const afterChange = useAfterChange();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, incidentId }: { id: string; incidentId: string }) =>
      api.post(itemPath(id, 'link'), { incidentId }, EvidenceResponse),
    onSuccess: (data, { id }) => {
      queryClient.setQueryData(evidenceQueries.item(id).queryKey, data);
      afterChange(id);
    },
  });
}

/** The file goes up as the raw body (the server streams and hashes it); its name and incident ride in the query. */
export function uploadEvidence({
  body,
  filename,
  contentType,
  incidentId,
}: {
  body: Blob;
  filename: string;
  contentType: string;
  incidentId?: string;
}) {
  const params = new URLSearchParams({ filename });
  if (incidentId) params.set('incidentId', incidentId);
  return api.post(`/evidence?${params}`, undefined, EvidenceResponse, { raw: { body, contentType }, kind: 'upload' });
}

/** Uploads a file someone chose as evidence, under an incident or none yet; the list is read again. */
export function useUploadEvidenceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, incidentId }: { file: File; incidentId: string }) =>
      uploadEvidence({ body: file, filename: file.name, contentType: file.type || 'application/octet-stream', incidentId }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: evidenceQueries.lists() }),
  });
}

/** Exports the chosen items and hands the zip to the browser as a download. */
export function useExportEvidenceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (itemIds: string[]) => {
      const token = readCookie(document.cookie, cookieName(CSRF_COOKIE, window.location.protocol === 'https:'));
      const response = await fetch('/evidence/export', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/zip, application/json',
          ...(token ? { [CSRF_HEADER]: token } : {}),
        },
        body: JSON.stringify({ itemIds }),
        credentials: 'same-origin',
      });
      if (!response.ok) throw errorFromResponse(response.status, response.statusText, await response.json().catch(() => null));
      const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'evidence-export.zip';
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return { name, itemIds };
    },
    onSuccess: ({ itemIds }) => {
      for (const id of itemIds) {
        void queryClient.invalidateQueries({ queryKey: evidenceQueries.custody(id).queryKey });
        void queryClient.invalidateQueries({ queryKey: evidenceQueries.verification(id).queryKey });
      }
    },
  });
}
