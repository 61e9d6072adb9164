import { queryOptions } from '@tanstack/react-query';
import { TakCertificateListResponse, TakContactListResponse } from '@argus/contracts/http/tak';
import { TakPointListResponse } from '@argus/contracts/http/tak-points';
import { api } from '../../lib/api';

/** TAK devices heard on the CoT endpoint (docs/decisions/0061-tak-cot-endpoint-first-slice.md); "tak" frames patch the list. */
export const takContactQueries = {
  all: ['tak-contacts'] as const,
  list: () =>
    queryOptions({
      queryKey: [...takContactQueries.all, 'list'] as const,
      queryFn: ({ signal }) => api.get('/tak/contacts', TakContactListResponse, { signal }),
      select: (data) => data.contacts,
    }),
};

/** Certificates issued to TAK devices (docs/decisions/0062-tak-tls-enrolment-and-revocation.md), newest first. */
export const takCertificateQueries = {
  all: ['tak-certificates'] as const,
  list: () =>
    queryOptions({
      queryKey: [...takCertificateQueries.all, 'list'] as const,
      queryFn: ({ signal }) => api.get('/tak/certificates', TakCertificateListResponse, { signal }),
      select: (data) => data.certificates,
    }),
};

/** Points TAK devices placed on the map (docs/decisions/0072-tak-map-points.md); "tak" frames patch the list. */
export const takPointQueries = {
  all: ['tak-points'] as const,
  list: () =>
    queryOptions({
      queryKey: [...takPointQueries.all, 'list'] as const,
      queryFn: ({ signal }) => api.get('/tak/points', TakPointListResponse, { signal }),
      select: (data) => data.points,
    }),
};
