import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BindTakContactRequest,
  TakCertificateListResponse,
  TakCertificateParams,
  TakCertificateResponse,
  TakContactListResponse,
  TakContactParams,
  TakContactResponse,
} from '@argus/contracts/http/tak';
import { TakPointListResponse } from '@argus/contracts/http/tak-points';
import { TAK_CERTIFICATE_MANAGERS, TAK_CONTACT_BINDERS, TAK_CONTACT_READERS } from '@argus/contracts/policies/tak';
import { auditContext } from '../../plugins/auth';
import type { TakCertificatesService } from './tak-certificates.service';
import type { TakPointsService } from './tak-points.service';
import type { TakService } from './tak.service';

/**
 * /tak/contacts: the TAK devices heard on the CoT endpoint and the unit each speaks for;
 * /tak/points: the points they placed on the map, seen by whoever sees the contacts;
 * /tak/certificates: the certificates their users enrolled them with, and revoking one.
 */
export const takRoutes: FastifyPluginAsyncZod<{ tak: TakService; certificates: TakCertificatesService; points: TakPointsService }> = async (
  app,
  { tak, certificates, points },
) => {
  app.get(
    '/tak/contacts',
    {
      config: { access: TAK_CONTACT_READERS, administrative: false },
      schema: {
        summary: 'TAK devices heard on the CoT endpoint, with their latest position and the unit each is bound to',
        response: { 200: TakContactListResponse },
      },
    },
    async () => ({ contacts: await tak.contacts() }),
  );

  app.get(
    '/tak/points',
    {
      // The contacts' readers (policies/tak.ts), as the "tak" channel their changes come on.
      config: { access: TAK_CONTACT_READERS, administrative: false },
      schema: {
        summary: 'Points TAK devices placed on the map (spot maps, waypoints, checkpoints) that are not stale, oldest first',
        response: { 200: TakPointListResponse },
      },
    },
    async () => ({ points: await points.list() }),
  );

  app.put(
    '/tak/contacts/:uid',
    {
      config: { access: TAK_CONTACT_BINDERS },
      schema: {
        summary: 'Bind a TAK device to a unit (its positions, chat and emergencies act for the unit), or unbind it with null',
        params: TakContactParams,
        body: BindTakContactRequest,
        response: { 200: TakContactResponse },
      },
    },
    async (request) => ({ contact: await tak.bind(request.params.uid, request.body, auditContext(request)) }),
  );

  app.get(
    '/tak/certificates',
    {
      config: { access: TAK_CERTIFICATE_MANAGERS },
      schema: {
        summary: 'Certificates issued to TAK devices, with the user and unit each is bound to, newest first',
        response: { 200: TakCertificateListResponse },
      },
    },
    async () => ({ certificates: await certificates.list() }),
  );

  app.post(
    '/tak/certificates/:id/revoke',
    {
      config: { access: TAK_CERTIFICATE_MANAGERS },
      schema: {
        summary: 'Revoke a TAK device’s certificate: it can no longer connect, and its open connection is dropped',
        params: TakCertificateParams,
        response: { 200: TakCertificateResponse },
      },
    },
    async (request) => ({ certificate: await certificates.revoke(request.params.id, auditContext(request)) }),
  );
};
