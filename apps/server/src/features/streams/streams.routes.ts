import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateStreamRequest,
  JoinStreamRequest,
  JoinStreamResponse,
  LeaveStreamRequest,
  LeaveStreamResponse,
  SignalingAnswerRequest,
  SignalingIceRequest,
  SignalingOfferRequest,
  SignalingOfferResponse,
  SignalingOk,
  StreamHealthResponse,
  StreamListResponse,
  StreamRoomResponse,
  VideoSdkRoomResponse,
  VideoSdkTokenResponse,
} from '@argus/contracts/http/streams';
import { COMMAND_ROLES } from '@argus/contracts/roles';
import { OPERATIONS_AND_FIELD_ROLES, OPERATIONS_ROLES } from '@argus/contracts/policies/visibility';
import { requireAuth } from '../../plugins/auth';
import type { Origin, StreamsService } from './streams.service';

/** Everyone who takes part in live video; civic reporters do not. */
const CREATORS = [...COMMAND_ROLES, 'Field_Unit'] as const;
/** The fixed command room of the video SDK is for command staff and analysts. */

export function originOf(request: FastifyRequest): Origin {
  const http = `${request.protocol}://${request.host}`;
  return { http, ws: http.replace(/^http/, 'ws') };
}

/** The /stream/*, /signaling/* and /videosdk endpoints of docs/specification.md section 7 (docs/decisions/0008-fixed-video-room-is-the-command-room.md). */
export const streamsRoutes: FastifyPluginAsyncZod<{ streams: StreamsService }> = async (app, { streams }) => {
  app.post(
    '/stream/create',
    {
      config: { access: CREATORS, administrative: false },
      schema: {
        summary: 'Open a video room (field units: only their own unit’s)',
        body: CreateStreamRequest,
        response: { 201: StreamRoomResponse },
      },
    },
    async (request, reply) => {
      const room = await streams.create(requireAuth(request).user, request.body);
      return reply.code(201).send({ room });
    },
  );

  app.post(
    '/stream/join',
    {
      config: { access: OPERATIONS_AND_FIELD_ROLES, administrative: false },
      schema: {
        summary: 'Join a room to publish or view: ICE servers, a short-lived stream token, the signalling URL',
        body: JoinStreamRequest,
        response: { 200: JoinStreamResponse },
      },
    },
    async (request) => streams.join(requireAuth(request).user, request.body, originOf(request)),
  );

  app.post(
    '/stream/leave',
    {
      config: { access: OPERATIONS_AND_FIELD_ROLES, administrative: false },
      schema: {
        summary: 'Leave a room (or, for command, close it for everyone)',
        body: LeaveStreamRequest,
        response: { 200: LeaveStreamResponse },
      },
    },
    async (request) => ({ ok: true as const, closedPeers: await streams.leave(requireAuth(request).user, request.body) }),
  );

  app.get(
    '/stream/list',
    {
      config: { access: OPERATIONS_AND_FIELD_ROLES },
      schema: { summary: 'Open rooms I may watch or publish to, with publisher and viewer count', response: { 200: StreamListResponse } },
    },
    async (request) => ({ rooms: await streams.list(requireAuth(request).user) }),
  );

  app.get(
    '/stream/health',
    {
      config: { access: OPERATIONS_AND_FIELD_ROLES },
      schema: {
        summary: 'Per room bitrate, fps, packet loss, RTT and viewers; the media process state',
        response: { 200: StreamHealthResponse },
      },
    },
    async (request) => streams.health(requireAuth(request).user),
  );

  // The stream token in the body is the credential, as on /ws/signaling: no cookie, no CSRF.
  app.post(
    '/signaling/offer',
    {
      config: { access: 'public', csrf: false },
      schema: {
        summary: 'Send an offer (publish or view) and get the answer; viewers may omit sdp to get an offer',
        body: SignalingOfferRequest,
        response: { 200: SignalingOfferResponse },
      },
    },
    async (request) => streams.offer(await streams.verifyToken(request.body.token), request.body.sdp),
  );

  app.post(
    '/signaling/answer',
    {
      config: { access: 'public', csrf: false },
      schema: { summary: 'Answer an offer the server made', body: SignalingAnswerRequest, response: { 200: SignalingOk } },
    },
    async (request) => {
      await streams.answer(await streams.verifyToken(request.body.token), request.body.peerId, request.body.sdp);
      return { ok: true as const };
    },
  );

  app.post(
    '/signaling/ice',
    {
      config: { access: 'public', csrf: false },
      schema: { summary: 'Trickle an ICE candidate (null: end of candidates)', body: SignalingIceRequest, response: { 200: SignalingOk } },
    },
    async (request) => {
      await streams.ice(await streams.verifyToken(request.body.token), request.body.peerId, request.body.candidate);
      return { ok: true as const };
    },
  );

  app.get(
    '/videosdk/token',
    {
      config: { access: OPERATIONS_ROLES },
      schema: { summary: 'A short-lived token for the fixed command room', response: { 200: VideoSdkTokenResponse } },
    },
    async (request) => streams.videoSdkToken(requireAuth(request).user, originOf(request)),
  );

  app.get(
    '/videosdk',
    {
      config: { access: OPERATIONS_ROLES },
      schema: { summary: 'The command room: its state and where to connect', response: { 200: VideoSdkRoomResponse } },
    },
    async (request) => streams.videoSdkRoom(requireAuth(request).user, originOf(request)),
  );
};
