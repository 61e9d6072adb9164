import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_SDP_BYTES, PlaybackLinkParams, RoomId, type StreamRole } from '@argus/contracts/http/streams';
import { AppError } from '../../lib/app-error';
import { bearerToken } from '../../lib/bearer-token';
import type { SessionLookup } from '../auth/auth.service';
import type { PlaybackLinks } from './playback-links';
import type { StreamClaims } from './stream-tokens';
import { originOf } from './streams.routes';
import type { StreamsService } from './streams.service';

export interface WhipRoutesOptions {
  streams: StreamsService;
  /** The access-token lookup the auth plugin uses, so a signed-in encoder may use its access token. */
  bearer: (token: string) => Promise<SessionLookup>;
  /** Links that watch one room without a session: TAK devices' (docs/decisions/0073-tak-video-out-and-read-receipts.md). */
  playback?: PlaybackLinks;
}

const RoomParams = z.object({ room: RoomId });
const ResourceParams = z.object({ room: RoomId, peerId: z.string().uuid('No such WHIP or WHEP resource.') });

/**
 * WHIP (RFC 9725) and WHEP: an encoder (OBS, GStreamer, ffmpeg) POSTs its SDP offer with a
 * bearer token — a stream token from /stream/join or an access token — and gets 201 with the
 * answer and a Location to DELETE when it is done.
 */
export const whipRoutes: FastifyPluginAsyncZod<WhipRoutesOptions> = async (app, { streams, bearer, playback }) => {
  app.addContentTypeParser('application/sdp', { parseAs: 'string', bodyLimit: MAX_SDP_BYTES }, (_request, body, done) => done(null, body));

  const credential = async (header: string | undefined, roomId: string, role: StreamRole): Promise<StreamClaims> => {
    const token = bearerToken(header);
    if (!token)
      throw new AppError('unauthenticated', 'Send Authorization: Bearer with a stream token from /stream/join or an access token.');
    if (playback?.accepts(token)) return playbackClaims(token, roomId, role);
    let claims: StreamClaims | null = null;
    try {
      claims = await streams.verifyToken(token);
    } catch {
      const lookup = await bearer(token).catch(() => ({ status: 'missing' }) as const);
      if (lookup.status !== 'valid')
        throw new AppError('bad_stream_token', 'The bearer token is neither a valid stream token nor a valid access token.');
      return streams.claimsFor(lookup.resolved.user, roomId, role);
    }
    if (claims.room !== roomId || claims.stream_role !== role) {
      throw new AppError(
        'forbidden',
        `This stream token is for ${claims.stream_role === 'publish' ? 'publishing to' : 'viewing'} room "${claims.room}", not for this endpoint.`,
      );
    }
    return claims;
  };

  const playbackClaims = (token: string, roomId: string, role: StreamRole): Promise<StreamClaims> => {
    if (!playback) throw new AppError('bad_stream_token', 'Playback links are not accepted here.');
    if (role !== 'view') throw new AppError('forbidden', 'A playback link only watches its room; it cannot publish.');
    return playback.claims(token, roomId);
  };

  /** Checks the offer, then answers it as the claims allow: 201, the answer, and the resource to DELETE. */
  const answerOffer = async (
    request: Pick<FastifyRequest, 'headers' | 'body' | 'protocol' | 'host'>,
    room: string,
    reply: FastifyReply,
    kind: 'whip' | 'whep',
    claimsOf: () => Promise<StreamClaims>,
  ) => {
    if (request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() !== 'application/sdp') {
      throw new AppError('unsupported_media_type', 'Send the offer as Content-Type: application/sdp.');
    }
    const sdp = typeof request.body === 'string' ? request.body : '';
    if (!sdp.startsWith('v=0')) throw new AppError('bad_sdp', 'The body must be an SDP offer starting with "v=0".');
    const { peerId, sdp: answer } = await streams.offer(await claimsOf(), sdp);
    const location = `${originOf(request as FastifyRequest).http}/${kind}/${encodeURIComponent(room)}/${peerId}`;
    return reply
      .code(201)
      .header('content-type', 'application/sdp')
      .header('location', location)
      .header('etag', `"${peerId}"`)
      .send(answer);
  };

  // A playback link carries its token in its path, for players that take only a URL (ATAK's ConnectionEntry).
  app.post(
    '/whep/:room/:token',
    {
      config: { access: 'public', csrf: false },
      schema: {
        summary: 'WHEP with a playback link: watch the one room it was made for',
        params: PlaybackLinkParams,
        consumes: ['application/sdp'],
      },
    },
    (request, reply) => {
      if (!playback?.accepts(request.params.token)) throw new AppError('bad_stream_token', 'This playback link is not valid.');
      return answerOffer(request, request.params.room, reply, 'whep', () =>
        playbackClaims(request.params.token, request.params.room, 'view'),
      );
    },
  );

  for (const [kind, role] of [
    ['whip', 'publish'],
    ['whep', 'view'],
  ] as const) {
    app.post(
      `/${kind}/:room`,
      {
        config: { access: 'public', csrf: false },
        schema: {
          summary: kind === 'whip' ? 'WHIP: publish to a room (SDP offer in, answer out)' : 'WHEP: watch a room (SDP offer in, answer out)',
          params: RoomParams,
          consumes: ['application/sdp'],
        },
      },
      (request, reply) =>
        answerOffer(request, request.params.room, reply, kind, () => credential(request.headers.authorization, request.params.room, role)),
    );

    app.delete(
      `/${kind}/:room/:peerId`,
      { config: { access: 'public', csrf: false }, schema: { summary: `${kind.toUpperCase()}: end the session`, params: ResourceParams } },
      async (request, reply) => {
        const claims = await credential(request.headers.authorization, request.params.room, role);
        await streams.endOwnPeer(claims, request.params.peerId);
        return reply.code(200).send({ ok: true });
      },
    );
  }
};
