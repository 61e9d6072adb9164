import { CallerLinkStatus, type ShareCallerPositionRequest } from '@argus/contracts/http/caller-links';
import { api } from '../../lib/api';

const path = (token: string) => `/caller/${encodeURIComponent(token)}`;

/** The caller's two calls: the token in the path is their only credential (docs/decisions/0046-caller-location-links.md). */
export const callerApi = {
  status: (token: string, signal?: AbortSignal) => api.get(path(token), CallerLinkStatus, { signal }),
  share: (token: string, position: ShareCallerPositionRequest) => api.post(`${path(token)}/position`, position, CallerLinkStatus),
};
