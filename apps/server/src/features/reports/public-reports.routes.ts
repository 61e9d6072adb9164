import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CivicSettingsResponse, UpdateCivicSettingsRequest } from '@argus/contracts/http/civic';
import {
  CreateAnonymousReportRequest,
  FOLLOW_TOKEN_HEADER,
  FollowToken,
  FollowedReportResponse,
  PHOTO_MAX_BYTES,
  PHOTO_TYPES,
  ReportPhotoParams,
  ReportPhotoQuery,
  ReportPhotoResponse,
} from '@argus/contracts/http/reports';
import { COMMAND_ROLES } from '@argus/contracts/roles';
import { auditContext } from '../../plugins/auth';
import { photoUploadOf } from './photo-upload';
import { presentFollowedReport, presentPhoto } from './reports.presenter';
import type { ReportsService } from './reports.service';

/** The follow link's token travels in a header, never in the address (docs/decisions/0044-civic-lifecycle-and-anonymous-reports.md). */
const FollowHeaders = z.object({ [FOLLOW_TOKEN_HEADER.toLowerCase()]: FollowToken });
const followToken = (headers: Record<string, unknown>) => headers[FOLLOW_TOKEN_HEADER.toLowerCase()] as string;

/**
 * The civic site without an account: file a report, follow it through its private link, add its
 * photos; and the setting that allows it. The bodies are JSON or image bytes, which a page of
 * another site cannot send without a preflight Argus never grants, so these calls need no CSRF
 * token (there is no session to ride on).
 */
export const publicReportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  // Photos arrive as their own bytes, as on PUT /reports/:id/photos/:photoId.
  app.addContentTypeParser([...PHOTO_TYPES], { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES }, (_request, body, done) => done(null, body));

  app.post(
    '/public/reports',
    {
      config: { access: 'public', csrf: false },
      schema: {
        summary: 'File a civic report without an account (idempotent by clientId with the same follow token)',
        body: CreateAnonymousReportRequest,
        response: { 200: FollowedReportResponse, 201: FollowedReportResponse },
      },
    },
    async (request, reply) => {
      const { report, created } = await reports.anonymous.file(request.body, request.ip);
      return reply.status(created ? 201 : 200).send({ report: presentFollowedReport(report) });
    },
  );

  app.get(
    '/public/reports/followed',
    {
      config: { access: 'public' },
      schema: {
        summary: `The public status of the report a follow link stands for (token in ${FOLLOW_TOKEN_HEADER})`,
        headers: FollowHeaders,
        response: { 200: FollowedReportResponse },
      },
    },
    async (request, reply) => {
      const report = await reports.anonymous.follow(followToken(request.headers));
      return reply.header('Cache-Control', 'no-store').send({ report: presentFollowedReport(report) });
    },
  );

  app.put(
    '/public/reports/:id/photos/:photoId',
    {
      config: { access: 'public', csrf: false },
      bodyLimit: PHOTO_MAX_BYTES,
      schema: {
        summary: `Attach a photo to a report filed without an account (token in ${FOLLOW_TOKEN_HEADER}; idempotent by photoId)`,
        params: ReportPhotoParams,
        querystring: ReportPhotoQuery,
        headers: FollowHeaders,
        response: { 200: ReportPhotoResponse },
      },
    },
    async (request) => {
      const photo = await reports.anonymous.addPhoto(
        followToken(request.headers),
        request.params.id,
        photoUploadOf(request),
        auditContext(request),
      );
      return { photo: presentPhoto(photo) };
    },
  );

  app.get(
    '/civic/settings',
    {
      config: { access: 'public' },
      schema: { summary: 'Whether the civic site takes reports without an account', response: { 200: CivicSettingsResponse } },
    },
    async () => ({ settings: await reports.civicSettings.get() }),
  );

  app.patch(
    '/civic/settings',
    {
      config: { access: COMMAND_ROLES },
      schema: {
        summary: 'Allow reports without an account on the civic site, or require accounts',
        body: UpdateCivicSettingsRequest,
        response: { 200: CivicSettingsResponse },
      },
    },
    async (request) => ({ settings: await reports.civicSettings.update(request.body, auditContext(request)) }),
  );
};
