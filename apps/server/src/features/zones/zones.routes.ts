import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentAlert } from '../alerts/alerts.presenter';
import { presentIncident } from '../incidents/incidents.presenter';
import { presentReport } from '../reports/reports.presenter';
import {
  CommitImportRequest,
  CommitImportResponse,
  CreateZoneRequest,
  ImportPreviewQuery,
  ImportPreviewResponse,
  UpdateZoneRequest,
  ZoneDetailResponse,
  ZoneImportListResponse,
  ZoneImportParams,
  ZoneImportResponse,
  ZoneListQuery,
  ZoneListResponse,
  ZoneParams,
  ZoneResponse,
} from '@argus/contracts/http/zones';
import { COMMAND_ROLES } from '@argus/contracts/roles';
import { OPERATIONS_AND_FIELD_ROLES, OPERATIONS_ROLES, seesEveryRow } from '@argus/contracts/policies/visibility';
import { ZONE_IMPORT_LIMITS } from '@argus/contracts/zones';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { requireAuth } from '../../plugins/auth';
import type { ZoneImportService } from './zone-import.service';
import { presentZone, presentZoneImport } from './zones.presenter';
import type { ZonesService } from './zones.service';

const COMMAND = [...COMMAND_ROLES] as const;

/** Upload types the import accepts as raw bytes; the format itself is sniffed from the content. */
const UPLOAD_TYPES = [
  'application/octet-stream',
  'application/zip',
  'application/x-zip-compressed',
  'application/vnd.google-earth.kml+xml',
  'application/vnd.google-earth.kmz',
  'application/gpx+xml',
  'application/geo+json',
  'application/xml',
  'text/xml',
  'text/plain',
];

const tooLarge = () =>
  new AppError(
    'payload_too_large',
    `The file is larger than ${ZONE_IMPORT_LIMITS.maxFileBytes / 1024 / 1024} MB, the most a zone import may be.`,
  );

export const zonesRoutes: FastifyPluginAsyncZod<{ zones: ZonesService; imports: ZoneImportService; clock: Clock }> = async (
  app,
  { zones, imports, clock },
) => {
  // The upload is read here with its own limit so that an oversized file gets a message naming the limit.
  app.addContentTypeParser(UPLOAD_TYPES, (request, payload, done) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > ZONE_IMPORT_LIMITS.maxFileBytes) return done(tooLarge(), undefined);
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    payload.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > ZONE_IMPORT_LIMITS.maxFileBytes) {
        failed = true;
        payload.resume();
        done(tooLarge(), undefined);
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => {
      if (!failed) done(null, Buffer.concat(chunks));
    });
    payload.on('error', (error) => {
      if (!failed) done(error, undefined);
    });
  });

  app.get(
    '/zones',
    {
      config: { access: OPERATIONS_AND_FIELD_ROLES },
      schema: {
        summary: 'Zones by risk, kind, activity and box (field units: active zones, without notes)',
        querystring: ZoneListQuery,
        response: { 200: ZoneListResponse },
      },
    },
    async (request) => {
      const viewer = requireAuth(request).user;
      const seesNotes = seesEveryRow(viewer.role);
      return { zones: (await zones.list(viewer, request.query)).map((row) => presentZone(row, { seesNotes })) };
    },
  );

  app.post(
    '/zones',
    {
      config: { access: COMMAND },
      schema: { summary: 'Draw a zone (its geometry is checked)', body: CreateZoneRequest, response: { 201: ZoneResponse } },
    },
    async (request, reply) => reply.status(201).send({ zone: presentZone(await zones.create(requireAuth(request).user, request.body)) }),
  );

  app.get(
    '/zones/imports',
    { config: { access: COMMAND }, schema: { summary: 'Past zone imports, newest first', response: { 200: ZoneImportListResponse } } },
    async () => ({ imports: (await imports.listImports()).map(presentZoneImport) }),
  );

  app.get(
    '/zones/:id',
    {
      config: { access: OPERATIONS_ROLES },
      schema: {
        summary: 'A zone with the incidents, reports and alerts inside it and the rules watching it',
        params: ZoneParams,
        response: { 200: ZoneDetailResponse },
      },
    },
    async (request) => {
      const detail = await zones.detail(request.params.id);
      const now = clock.now();
      return {
        zone: presentZone(detail.zone),
        incidents: detail.incidents.map(presentIncident),
        reports: detail.reports.map((view) => presentReport(view, { triages: true, now })),
        alerts: detail.alerts.map(presentAlert),
        rules: detail.rules.map(({ rule, why }) => ({ id: rule.id, name: rule.name, kind: rule.kind, enabled: rule.enabled === 1, why })),
      };
    },
  );

  app.patch(
    '/zones/:id',
    {
      config: { access: OPERATIONS_ROLES },
      schema: {
        summary: 'Edit a zone (analysts: risk level only); active=false deactivates it',
        params: ZoneParams,
        body: UpdateZoneRequest,
        response: { 200: ZoneResponse },
      },
    },
    async (request) => {
      const viewer = requireAuth(request).user;
      return { zone: presentZone(await zones.update(viewer, request.params.id, request.body), { seesNotes: seesEveryRow(viewer.role) }) };
    },
  );

  app.post(
    '/zones/import/preview',
    {
      config: { access: COMMAND },
      schema: {
        summary: `Preview a zone import: the file's raw bytes (GeoJSON, KML, KMZ, GPX or zipped shapefile, at most ${ZONE_IMPORT_LIMITS.maxFileBytes / 1024 / 1024} MB)`,
        querystring: ImportPreviewQuery,
        response: { 200: ImportPreviewResponse },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body))
        throw new AppError('unsupported_media_type', 'Send the file’s bytes as application/octet-stream.');
      return imports.preview(requireAuth(request).user, request.query.filename, request.body);
    },
  );

  app.post(
    '/zones/import',
    {
      config: { access: COMMAND },
      schema: {
        summary: 'Import a previewed file’s valid and repaired features as zones, in one transaction',
        body: CommitImportRequest,
        response: { 201: CommitImportResponse },
      },
    },
    async (request, reply) => {
      const outcome = await imports.commit(requireAuth(request).user, request.body);
      return reply.status(201).send({
        import: presentZoneImport(outcome.record),
        zones: outcome.zones.map((row) => presentZone(row)),
        rejected: outcome.rejected,
      });
    },
  );

  app.post(
    '/zones/imports/:id/undo',
    {
      config: { access: COMMAND },
      schema: {
        summary: 'Undo an import: deactivate the zones it brought in',
        params: ZoneImportParams,
        response: { 200: ZoneImportResponse },
      },
    },
    async (request) => ({ import: presentZoneImport(await imports.undo(request.params.id)) }),
  );
};
