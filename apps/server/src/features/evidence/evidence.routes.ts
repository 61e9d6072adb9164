import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CustodyResponse,
  EvidenceListQuery,
  EvidenceListResponse,
  EvidenceParams,
  EvidenceResponse,
  ExportEvidenceRequest,
  LinkEvidenceRequest,
  ReviewEvidenceRequest,
  UploadEvidenceQuery,
  VerificationResponse,
} from '@argus/contracts/http/evidence';
import { displayFileName } from '@argus/contracts/file-names';
import { OPERATIONS_ROLES } from '@argus/contracts/policies/visibility';
import { auditContext, requireAuth } from '../../plugins/auth';
import { buildPackage } from './evidence.package';
import { presentCustody, presentEvidence } from './evidence.presenter';
import type { EvidenceService } from './evidence.service';

/** Command and analysts review everything; a field unit reads and uploads its own; civic reporters see their photos only through their reports. */
const READERS = [...OPERATIONS_ROLES, 'Field_Unit'] as const;

const ContentQuery = z.object({ download: z.enum(['0', '1'], { error: 'download must be 0 or 1.' }).optional() });

export const evidenceRoutes: FastifyPluginAsyncZod<{ evidence: EvidenceService }> = async (app, { evidence }) => {
  // The upload reads the raw request stream itself, whatever its declared type: the type is sniffed from the bytes.
  await app.register(async (scope) => {
    const upload = scope.withTypeProvider<ZodTypeProvider>();
    upload.removeAllContentTypeParsers();
    upload.addContentTypeParser('*', (_request, _payload, done) => done(null));
    // A refused upload may still be sending; answer, then close rather than read the rest.
    upload.addHook('onSend', async (request, reply) => {
      if (!request.raw.readableEnded) reply.header('Connection', 'close');
    });
    upload.post(
      '/evidence',
      {
        config: { access: READERS },
        schema: {
          summary: 'Upload one evidence file as the raw request body (hashed while it streams; type sniffed from the content)',
          querystring: UploadEvidenceQuery,
          response: { 201: EvidenceResponse },
        },
      },
      async (request, reply) => {
        const length = Number(request.headers['content-length']);
        const item = await evidence.upload(
          requireAuth(request).user,
          request.raw,
          {
            filename: request.query.filename,
            incidentId: request.query.incidentId ?? null,
            declaredSize: Number.isFinite(length) ? length : null,
          },
          auditContext(request),
        );
        return reply.status(201).send({ item: presentEvidence(item) });
      },
    );
  });

  app.get(
    '/evidence',
    {
      config: { access: READERS },
      schema: {
        summary: 'Evidence items, newest first, filtered and paged (a field unit sees what it captured)',
        querystring: EvidenceListQuery,
        response: { 200: EvidenceListResponse },
      },
    },
    async (request) => {
      const { items, nextCursor } = await evidence.list(requireAuth(request).user, request.query);
      return { items: items.map(presentEvidence), nextCursor };
    },
  );

  app.get(
    '/evidence/:id',
    {
      config: { access: READERS },
      schema: {
        summary: 'One evidence item (recorded as viewed in its custody log)',
        params: EvidenceParams,
        response: { 200: EvidenceResponse },
      },
    },
    async (request) => ({
      item: presentEvidence(await evidence.open(requireAuth(request).user, request.params.id, auditContext(request))),
    }),
  );

  app.get(
    '/evidence/:id/content',
    {
      config: { access: READERS },
      schema: {
        summary: 'The original file, streamed (recorded as downloaded in its custody log)',
        params: EvidenceParams,
        querystring: ContentQuery,
      },
    },
    async (request, reply) => {
      const disposition = request.query.download === '1' ? 'attachment' : 'inline';
      const { item, stream, range } = await evidence.download(
        requireAuth(request).user,
        request.params.id,
        disposition,
        request.headers.range,
        auditContext(request),
      );
      if (range) {
        reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${item.size}`);
      }
      return reply
        .type(item.mime)
        .header('Accept-Ranges', 'bytes')
        .header('Content-Length', String(range ? range.end - range.start + 1 : item.size))
        .header('Content-Disposition', contentDisposition(disposition, item.filename))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, no-store')
        .send(stream);
    },
  );

  app.get(
    '/evidence/:id/custody',
    {
      config: { access: READERS },
      schema: { summary: 'The item’s chain of custody, oldest first', params: EvidenceParams, response: { 200: CustodyResponse } },
    },
    async (request) => ({ entries: (await evidence.custody(requireAuth(request).user, request.params.id)).map(presentCustody) }),
  );

  app.get(
    '/evidence/:id/verify',
    {
      config: { access: READERS },
      schema: {
        summary: 'Re-hash the stored file and walk the custody chain',
        params: EvidenceParams,
        response: { 200: VerificationResponse },
      },
    },
    async (request) => ({ verification: await evidence.verify(requireAuth(request).user, request.params.id) }),
  );

  app.post(
    '/evidence/:id/review',
    {
      config: { access: OPERATIONS_ROLES },
      schema: {
        summary: 'Accept or reject an item (a rejection says why)',
        params: EvidenceParams,
        body: ReviewEvidenceRequest,
        response: { 200: EvidenceResponse },
      },
    },
    async (request) => {
      const item = await evidence.review(
        requireAuth(request).user,
        request.params.id,
        request.body.status,
        request.body.reason || undefined,
        auditContext(request),
      );
      return { item: presentEvidence(item) };
    },
  );

  app.post(
    '/evidence/:id/link',
    {
      config: { access: OPERATIONS_ROLES },
      schema: {
        summary: 'Link an item to an incident',
        params: EvidenceParams,
        body: LinkEvidenceRequest,
        response: { 200: EvidenceResponse },
      },
    },
    async (request) => ({
      item: presentEvidence(
        await evidence.link(requireAuth(request).user, request.params.id, request.body.incidentId, auditContext(request)),
      ),
    }),
  );

  app.post(
    '/evidence/export',
    {
      config: { access: OPERATIONS_ROLES },
      schema: {
        summary: 'A zip of the originals with manifest.json, manifest.html and SHA256SUMS (recorded as exported on each item)',
        body: ExportEvidenceRequest,
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const prepared = await evidence.prepareExport(auth.user, request.body.itemIds, auditContext(request));
      const zip = buildPackage({
        ...prepared,
        exporter: { id: auth.user.id, name: auth.user.full_name, email: auth.user.email },
        openFile: (item) => evidence.openFile(item),
      });
      return reply
        .type('application/zip')
        .header('Content-Disposition', `attachment; filename="evidence-export-${prepared.exportId}.zip"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(zip);
    },
  );
};

/** An ASCII fallback name plus the name in RFC 5987 form, as shown: a saved file must not be named to deceive. */
function contentDisposition(disposition: 'inline' | 'attachment', stored: string): string {
  const filename = displayFileName(stored, 'evidence');
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
