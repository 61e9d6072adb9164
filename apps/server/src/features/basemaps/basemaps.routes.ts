import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BasemapListResponse,
  BasemapParams,
  BasemapResponse,
  CreateOnlineBasemapRequest,
  TileParams,
  UpdateBasemapRequest,
  UploadBasemapQuery,
  type TileFormat,
} from '@argus/contracts/http/basemaps';
import { BASEMAP_MANAGERS } from '@argus/contracts/policies/basemaps';
import { auditContext, requireAuth } from '../../plugins/auth';
import { presentBasemap } from './basemaps.presenter';
import type { BasemapsService } from './basemaps.service';

const CONTENT_TYPES: Record<TileFormat, string> = {
  mvt: 'application/vnd.mapbox-vector-tile',
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** An archive's tiles never change under its id, so the browser keeps them a day and revalidates cheaply by ETag. */
const TILE_CACHE_CONTROL = 'private, max-age=86400';

/** How often the online sources are reread for the CSP, for changes made through another server process. */
const ONLINE_SOURCES_REFRESH_MS = 60_000;

/** An online source's JSON is small; a larger body is not one. */
const ONLINE_SOURCE_BODY_LIMIT = 64 * 1024;

/** Every signed-in role reads basemaps and their tiles; command-level roles manage them (docs/decisions/0029-basemaps-served-by-argus.md). */
export const basemapsRoutes: FastifyPluginAsyncZod<{ basemaps: BasemapsService }> = async (app, { basemaps }) => {
  // An archive arrives as the raw request body, streamed to disk; an online source as JSON.
  await app.register(async (scope) => {
    const upload = scope.withTypeProvider<ZodTypeProvider>();
    upload.removeAllContentTypeParsers();
    upload.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: ONLINE_SOURCE_BODY_LIMIT },
      upload.getDefaultJsonParser('error', 'error'),
    );
    upload.addContentTypeParser('*', (_request, _payload, done) => done(null));
    // A refused upload may still be sending; answer, then close rather than read the rest.
    upload.addHook('onSend', async (request, reply) => {
      if (!request.raw.readableEnded) reply.header('Connection', 'close');
    });
    upload.post(
      '/basemaps',
      {
        config: { access: BASEMAP_MANAGERS },
        schema: {
          summary:
            'Add a basemap: a PMTiles (v3) or MBTiles archive as the raw body with ?name=…&filename=… (checked by its bytes and metadata; at most BASEMAP_MAX_BYTES), or an online source as a JSON body',
          querystring: UploadBasemapQuery,
          // Fastify validates an unparsed body as null: then the raw stream is the archive.
          body: CreateOnlineBasemapRequest.nullable(),
          response: { 201: BasemapResponse },
        },
      },
      async (request, reply) => {
        const actor = requireAuth(request).user.id;
        if (request.body) {
          return reply.status(201).send({ basemap: presentBasemap(await basemaps.addOnline(actor, request.body, auditContext(request))) });
        }
        const length = Number(request.headers['content-length']);
        const basemap = await basemaps.upload(
          actor,
          request.raw,
          { name: request.query.name, filename: request.query.filename, declaredSize: Number.isFinite(length) ? length : null },
          auditContext(request),
        );
        return reply.status(201).send({ basemap: presentBasemap(basemap) });
      },
    );
  });

  app.get(
    '/basemaps',
    {
      config: { access: 'signed-in' },
      schema: { summary: 'Every basemap in the administrators’ order, with its tile URL template', response: { 200: BasemapListResponse } },
    },
    async () => ({ basemaps: (await basemaps.list()).map(presentBasemap) }),
  );

  app.patch(
    '/basemaps/:id',
    {
      config: { access: BASEMAP_MANAGERS },
      schema: {
        summary: 'Rename a basemap, move it to a place in the order (0 first), or make it the default (clearing the previous one)',
        params: BasemapParams,
        body: UpdateBasemapRequest,
        response: { 200: BasemapResponse },
      },
    },
    async (request) => ({ basemap: presentBasemap(await basemaps.update(request.params.id, request.body, auditContext(request))) }),
  );

  app.delete(
    '/basemaps/:id',
    {
      config: { access: BASEMAP_MANAGERS },
      schema: { summary: 'Remove a basemap and its stored file', params: BasemapParams },
    },
    async (request, reply) => {
      await basemaps.remove(request.params.id, auditContext(request));
      return reply.status(204).send();
    },
  );

  app.get(
    '/basemaps/:id/tiles/:z/:x/:y',
    {
      // A map asks for dozens of tiles per move; they are counted like the app's static files, not like API calls.
      config: { access: 'signed-in', rateLimited: false },
      schema: {
        summary:
          'One tile of a stored archive (XYZ numbering) as stored: MVT or PNG/JPEG/WebP, gzipped tiles with Content-Encoding: gzip; 204 where the archive has no tile',
        params: TileParams,
      },
    },
    async (request, reply) => {
      const tile = await basemaps.tile(request.params);
      reply.header('Cache-Control', TILE_CACHE_CONTROL);
      if (!tile) return reply.status(204).send();
      const { z, x, y } = request.params;
      const etag = `"${tile.basemap.sha256!.slice(0, 20)}-${z}-${x}-${y}"`;
      reply.header('ETag', etag);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
      if (tile.gzip) reply.header('Content-Encoding', 'gzip');
      return reply.type(CONTENT_TYPES[tile.basemap.tile_format!]).send(tile.data);
    },
  );

  // The pages' CSP admits the online sources; another server process may change them, so they are reread now and then.
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await basemaps.refreshOnlineSources();
    timer = setInterval(
      () =>
        void basemaps.refreshOnlineSources().catch((error: unknown) => app.log.error({ err: error }, 'reading the online basemaps failed')),
      ONLINE_SOURCES_REFRESH_MS,
    ).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
};

/** Whether an If-None-Match header names this ETag (or is `*`). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((part) => part.trim().replace(/^W\//, ''))
    .some((part) => part === etag || part === '*');
}
