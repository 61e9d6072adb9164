import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CallerLinkListResponse,
  CallerLinkParams,
  CallerLinkResponse,
  CallerLinkStatus,
  CallerTokenParams,
  CreateCallerLinkRequest,
  CreateCallerLinkResponse,
  ShareCallerPositionRequest,
} from '@argus/contracts/http/caller-links';
import { IncidentParams } from '@argus/contracts/http/incidents';
import { CALLER_LINK_ROLES } from '@argus/contracts/policies/caller-links';
import { requireAuth } from '../../plugins/auth';
import { presentCallerLink, presentCallerLinkStatus } from './caller-links.presenter';
import type { CallerLinksService } from './caller-links.service';

/** The cookie that holds the claiming phone's key, scoped to its one link's API path. */
const CALLER_COOKIE = 'argus_caller';
const callerPath = (token: string) => `/caller/${token}`;

/**
 * Caller location links (docs/decisions/0046-caller-location-links.md). Command and analysts
 * manage them per incident. The caller's two routes are public and carry the token in the path:
 * the token is the only credential, so they need no CSRF token (another site cannot know it), and
 * positions are left out of the per-address budget because a live share sends one every few
 * seconds for up to half an hour; the service limits each link instead. Reading a link's state
 * stays counted, which bounds how fast anyone can try tokens.
 */
export const callerLinksRoutes: FastifyPluginAsyncZod<{ callerLinks: CallerLinksService }> = async (app, { callerLinks }) => {
  app.post(
    '/incidents/:id/caller-links',
    {
      config: { access: CALLER_LINK_ROLES },
      schema: {
        summary: 'Make a one-time location link for a caller (the path is shown once)',
        params: IncidentParams,
        body: CreateCallerLinkRequest,
        response: { 201: CreateCallerLinkResponse },
      },
    },
    async (request, reply) => {
      const { row, token } = await callerLinks.create(request.params.id, request.body, requireAuth(request).user);
      return reply.status(201).send({ link: presentCallerLink(row, callerLinks.now()), path: `/l/${token}` });
    },
  );

  app.get(
    '/caller-links/located',
    {
      config: { access: CALLER_LINK_ROLES },
      schema: { summary: 'Caller positions on incidents still open, newest first, for the map', response: { 200: CallerLinkListResponse } },
    },
    async () => {
      const now = callerLinks.now();
      return { links: (await callerLinks.located()).map((row) => presentCallerLink(row, now)) };
    },
  );

  app.get(
    '/incidents/:id/caller-links',
    {
      config: { access: CALLER_LINK_ROLES },
      schema: {
        summary: 'The incident’s caller location links, newest first',
        params: IncidentParams,
        response: { 200: CallerLinkListResponse },
      },
    },
    async (request) => {
      const now = callerLinks.now();
      return { links: (await callerLinks.list(request.params.id)).map((row) => presentCallerLink(row, now)) };
    },
  );

  app.post(
    '/incidents/:id/caller-links/:linkId/revoke',
    {
      config: { access: CALLER_LINK_ROLES },
      schema: {
        summary: 'Withdraw a caller location link that still works',
        params: CallerLinkParams,
        response: { 200: CallerLinkResponse },
      },
    },
    async (request) => {
      const row = await callerLinks.revoke(request.params.id, request.params.linkId, requireAuth(request).user);
      return { link: presentCallerLink(row, callerLinks.now()) };
    },
  );

  app.get(
    '/caller/:token',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Whether a caller location link may share, and until when',
        params: CallerTokenParams,
        response: { 200: CallerLinkStatus },
      },
    },
    async (request) => {
      const row = await callerLinks.status(request.params.token, callerKey(request));
      return presentCallerLinkStatus(row, callerLinks.now());
    },
  );

  app.post(
    '/caller/:token/position',
    {
      config: { access: 'public', csrf: false, rateLimited: false },
      schema: {
        summary: 'Share the caller’s position once or live (accuracy required)',
        params: CallerTokenParams,
        body: ShareCallerPositionRequest,
        response: { 200: CallerLinkStatus },
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const shared = await callerLinks.share(token, callerKey(request), request.body);
      if (shared.newCallerKey) setCallerCookie(request, reply, token, shared.newCallerKey, callerLinks.claimLastsUntil(shared.row));
      return presentCallerLinkStatus(shared.row, callerLinks.now());
    },
  );

  function setCallerCookie(request: FastifyRequest, reply: FastifyReply, token: string, key: string, until: number): void {
    const maxAge = Math.max(1, Math.ceil((until - callerLinks.now()) / 1000));
    reply.setCookie(CALLER_COOKIE, key, {
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      path: callerPath(token),
      maxAge,
    });
  }
};

function callerKey(request: FastifyRequest): string | undefined {
  return request.cookies[CALLER_COOKIE];
}
