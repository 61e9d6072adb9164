import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BreakLockQuery,
  CreateReportRequest,
  MergeReportRequest,
  NearbyResponse,
  PHOTO_MAX_BYTES,
  PHOTO_TYPES,
  RejectReportRequest,
  ReportListQuery,
  ReportListResponse,
  ReportParams,
  ReportPhotoParams,
  ReportPhotoQuery,
  ReportPhotoResponse,
  ReportResponse,
  VerifyReportRequest,
} from '@argus/contracts/http/reports';
import { OPERATIONS_AND_FIELD_ROLES, OPERATIONS_ROLES } from '@argus/contracts/policies/visibility';
import { auditContext, requireAuth } from '../../plugins/auth';
import type { Clock } from '../../lib/clock';
import { presentIncident } from '../incidents/incidents.presenter';
import { photoUploadOf } from './photo-upload';
import { presentPhoto, presentReport } from './reports.presenter';
import type { ReportView } from './reports.repository';
import { triages } from './report-access';
import type { ReportsService } from './reports.service';
import type { UserRow } from '../users/users.repository';

const FILERS = [...OPERATIONS_AND_FIELD_ROLES, 'Civic_Reporter'] as const;

export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService; clock: Clock }> = async (app, { reports, clock }) => {
  const present = (view: ReportView, viewer: Pick<UserRow, 'role'>) => presentReport(view, { triages: triages(viewer), now: clock.now() });

  // Photos arrive as their own bytes (no multipart), so a retry from the outbox resends one body.
  app.addContentTypeParser([...PHOTO_TYPES], { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES }, (_request, body, done) => done(null, body));

  app.post(
    '/reports',
    {
      config: { access: FILERS },
      schema: {
        summary: 'File a civic or field report (idempotent by clientId)',
        body: CreateReportRequest,
        response: { 200: ReportResponse, 201: ReportResponse },
      },
    },
    async (request, reply) => {
      const viewer = requireAuth(request).user;
      const { report, created } = await reports.file(viewer, request.body);
      return reply.status(created ? 201 : 200).send({ report: present(report, viewer) });
    },
  );

  app.get(
    '/reports',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Reports, newest first, filtered and paged: one’s own, or all for triage',
        querystring: ReportListQuery,
        response: { 200: ReportListResponse },
      },
    },
    async (request) => {
      const viewer = requireAuth(request).user;
      const { views, nextCursor } = await reports.list(viewer, request.query);
      return { reports: views.map((view) => present(view, viewer)), nextCursor };
    },
  );

  app.get(
    '/reports/:id',
    {
      config: { access: 'signed-in' },
      schema: { summary: 'One report (its reporter, or triage)', params: ReportParams, response: { 200: ReportResponse } },
    },
    async (request) => {
      const viewer = requireAuth(request).user;
      return { report: present(await reports.get(viewer, request.params.id), viewer) };
    },
  );

  app.put(
    '/reports/:id/photos/:photoId',
    {
      config: { access: FILERS },
      bodyLimit: PHOTO_MAX_BYTES,
      schema: {
        summary: 'Attach a photo (JPEG, PNG or WebP bytes, at most 10 MB; idempotent by photoId)',
        params: ReportPhotoParams,
        querystring: ReportPhotoQuery,
        response: { 200: ReportPhotoResponse },
      },
    },
    async (request) => {
      const photo = await reports.addPhoto(requireAuth(request).user, request.params.id, photoUploadOf(request), auditContext(request));
      return { photo: presentPhoto(photo) };
    },
  );

  app.get(
    '/reports/:id/photos/:photoId',
    { config: { access: 'signed-in' }, schema: { summary: 'A report’s photo', params: ReportPhotoParams } },
    async (request, reply) => {
      const { photo, bytes } = await reports.readPhoto(requireAuth(request).user, request.params.id, request.params.photoId);
      return reply.type(photo.mime).header('Cache-Control', 'private, max-age=3600').header('Content-Disposition', 'inline').send(bytes);
    },
  );

  app.post(
    '/reports/:id/lock',
    {
      config: { access: OPERATIONS_ROLES },
      schema: { summary: 'Take or renew the two-minute triage lock', params: ReportParams, response: { 200: ReportResponse } },
    },
    async (request) => {
      const viewer = requireAuth(request).user;
      return { report: present(await reports.lock(viewer, request.params.id), viewer) };
    },
  );

  app.delete(
    '/reports/:id/lock',
    {
      config: { access: OPERATIONS_ROLES },
      schema: {
        summary: 'Release the lock (force=true: command breaks another’s lock)',
        params: ReportParams,
        querystring: BreakLockQuery,
        response: { 200: ReportResponse },
      },
    },
    async (request) => {
      const viewer = requireAuth(request).user;
      return { report: present(await reports.unlock(viewer, request.params.id, request.query.force), viewer) };
    },
  );

  app.get(
    '/reports/:id/nearby',
    {
      config: { access: OPERATIONS_ROLES },
      schema: { summary: 'Likely duplicates and open incidents near a report', params: ReportParams, response: { 200: NearbyResponse } },
    },
    async (request) => {
      const viewer = requireAuth(request).user;
      const { reports: near, incidents } = await reports.nearby(viewer, request.params.id);
      return {
        reports: near.map(({ row, distanceM, minutesApart, similarity, score, sharedWords, sameCategory }) => ({
          report: present(row, viewer),
          distanceM,
          minutesApart,
          similarity,
          score,
          sharedWords,
          sameCategory,
        })),
        incidents: incidents.map(({ incident, distanceM }) => ({ incident: presentIncident(incident), distanceM })),
      };
    },
  );

  app.post(
    '/reports/:id/verify',
    {
      config: { access: OPERATIONS_ROLES },
      schema: {
        summary: 'Verify a report into a new incident, or attach it to an open one',
        params: ReportParams,
        body: VerifyReportRequest,
        response: { 200: ReportResponse },
      },
    },
    async (request) => {
      const viewer = requireAuth(request).user;
      return { report: present(await reports.verify(viewer, request.params.id, request.body), viewer) };
    },
  );

  app.post(
    '/reports/:id/reject',
    {
      config: { access: OPERATIONS_ROLES },
      schema: {
        summary: 'Reject a report, saying why',
        params: ReportParams,
        body: RejectReportRequest,
        response: { 200: ReportResponse },
      },
    },
    async (request) => {
      const viewer = requireAuth(request).user;
      return { report: present(await reports.reject(viewer, request.params.id, request.body.reason), viewer) };
    },
  );

  app.post(
    '/reports/:id/merge',
    {
      config: { access: OPERATIONS_ROLES },
      schema: {
        summary: 'Merge a duplicate report into an incident (its timeline records it)',
        params: ReportParams,
        body: MergeReportRequest,
        response: { 200: ReportResponse },
      },
    },
    async (request) => {
      const viewer = requireAuth(request).user;
      return { report: present(await reports.merge(viewer, request.params.id, request.body.incidentId), viewer) };
    },
  );
};
