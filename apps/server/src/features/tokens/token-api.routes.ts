import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { TOKENS } from '@argus/contracts/constants';
import {
  AuthorizeQuery,
  CallbackQuery,
  IdentityParams,
  PkceGrant,
  ChallengeBody,
  EnrolFactorBody,
  FactorParams,
  LogoutQuery,
  PasswordGrant,
  RefreshGrant,
  TokenBody,
  TokenQuery,
  VerifyFactorBody,
} from '@argus/contracts/http/token-api';
import { AppError } from '../../lib/app-error';
import { auditContext, requireAuth } from '../../plugins/auth';
import type { MfaService } from '../mfa/mfa.service';
import type { OauthService } from '../oauth/oauth.service';
import type { KeyRing } from './key-ring';
import { presentFactor, presentTokenSession, presentTokenUser } from './token-api.presenter';
import { tokenApiError } from './token-api.errors';
import type { TokenService } from './token.service';

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';

export interface TokenApiOptions {
  /** PUBLIC_URL + /auth/v1/callback: the redirect URI registered with the provider. */
  callbackBase: string;
  tokens: TokenService;
  oauth: OauthService;
  mfa: MfaService;
  keys: KeyRing;
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new AppError('validation_failed', parsed.error.issues.map((issue) => issue.message).join('; '));
}

/**
 * /auth/v1: the Supabase Auth (GoTrue) endpoints the authentication library of docs/specification.md calls.
 * Bearer clients and the web app's cookie session reach the same handlers.
 */
export const tokenApiRoutes: FastifyPluginAsyncZod<TokenApiOptions> = async (app, { tokens, oauth, mfa, keys, callbackBase }) => {
  // The client sends DELETE /factors/{id} and POST /logout as JSON with no body at all.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    parseJson(request, body as string, done);
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header(API_VERSION_HEADER, TOKENS.apiVersion);
    done(null, payload);
  });
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = tokenApiError(error as Error);
    if (status >= 500) request.log.error({ err: error }, 'token API failure');
    return reply.status(status).send(body);
  });

  const sessionAnswer = async (issued: Awaited<ReturnType<TokenService['issueFor']>>) => {
    const userId = issued.resolved.user.id;
    return presentTokenSession(issued, await mfa.factorsOf(userId), await oauth.identitiesOf(userId));
  };

  app.post(
    '/token',
    {
      // A refresh is counted per token family too (TokenService), and, sent without a session,
      // against its address like any public call: a token that names no family is otherwise free to guess.
      config: { access: 'public', csrf: false },
      schema: { summary: 'Sign in or refresh (GoTrue token grants)', querystring: TokenQuery, body: TokenBody },
    },
    async (request) => {
      const client = { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
      switch (request.query.grant_type) {
        case 'password': {
          const { email, password } = parse(PasswordGrant, request.body);
          return sessionAnswer(await tokens.passwordGrant(email, password, client));
        }
        case 'refresh_token': {
          const { refresh_token } = parse(RefreshGrant, request.body);
          return sessionAnswer(await tokens.refreshGrant(refresh_token, auditContext(request)));
        }
        case 'pkce': {
          const { auth_code, code_verifier } = parse(PkceGrant, request.body);
          const created = await oauth.exchange(auth_code, code_verifier, client, auditContext(request));
          return sessionAnswer(await tokens.issueFor(created.resolved));
        }
      }
    },
  );

  app.get(
    '/user',
    { config: { access: 'signed-in', beforeSecondFactor: true }, schema: { summary: 'The signed-in user, with factors' } },
    async (request) => {
      const { user } = requireAuth(request);
      return presentTokenUser(user, await mfa.factorsOf(user.id), await oauth.identitiesOf(user.id));
    },
  );

  app.post(
    '/logout',
    {
      config: { access: 'signed-in', beforeSecondFactor: true },
      schema: { summary: 'End this session, every session, or every other one', querystring: LogoutQuery },
    },
    async (request, reply) => {
      await tokens.logout(requireAuth(request), request.query.scope, auditContext(request));
      return reply.status(204).send();
    },
  );

  app.get(
    '/.well-known/jwks.json',
    { config: { access: 'public' }, schema: { summary: 'Public keys that verify access tokens' } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return keys.jwks();
    },
  );

  app.get(
    '/authorize',
    { config: { access: 'public' }, schema: { summary: 'Start sign-in with the OIDC provider (PKCE S256)', querystring: AuthorizeQuery } },
    async (request, reply) => {
      const { provider, redirect_to, scopes, code_challenge, code_challenge_method } = request.query;
      const upstream = await oauth.authorize({
        provider,
        redirectTo: redirect_to,
        scopes,
        codeChallenge: code_challenge,
        codeChallengeMethod: code_challenge_method,
      });
      return reply.redirect(upstream.toString(), 302);
    },
  );

  app.get(
    '/callback',
    { config: { access: 'public' }, schema: { summary: 'Where the OIDC provider returns the browser', querystring: CallbackQuery } },
    async (request, reply) => {
      const query = request.url.slice(request.url.indexOf('?'));
      const callbackUrl = new URL(`${callbackBase}${request.url.includes('?') ? query : ''}`);
      return reply.redirect(await oauth.callback(callbackUrl, auditContext(request)), 302);
    },
  );

  app.delete(
    '/user/identities/:identityId',
    { config: { access: 'signed-in' }, schema: { summary: 'Unlink an OIDC identity from this user', params: IdentityParams } },
    async (request) => {
      await oauth.unlink(requireAuth(request).user.id, request.params.identityId, auditContext(request));
      return {};
    },
  );

  app.post(
    '/factors',
    { config: { access: 'signed-in' }, schema: { summary: 'Enrol a TOTP second factor', body: EnrolFactorBody } },
    async (request) => {
      const enrolment = await mfa.enrol(requireAuth(request), request.body, auditContext(request));
      return {
        id: enrolment.factor.id,
        type: 'totp',
        friendly_name: enrolment.factor.friendly_name ?? undefined,
        totp: { qr_code: enrolment.qrCodeSvg, secret: enrolment.factor.secret, uri: enrolment.uri },
      };
    },
  );

  // Argus's own addition to the GoTrue surface: recovery codes for a lost authenticator.
  app.post(
    '/factors/recovery-codes',
    { config: { access: 'signed-in' }, schema: { summary: 'Create ten single-use recovery codes, shown once (needs aal2)' } },
    async (request) => ({ codes: await mfa.createRecoveryCodes(requireAuth(request), auditContext(request)) }),
  );

  app.get(
    '/factors/recovery-codes',
    { config: { access: 'signed-in' }, schema: { summary: 'How many recovery codes are left unused' } },
    async (request) => ({ remaining: await mfa.unusedRecoveryCodes(requireAuth(request).user.id) }),
  );

  app.post(
    '/factors/:factorId/challenge',
    {
      config: { access: 'signed-in', beforeSecondFactor: true },
      schema: { summary: 'Start a five-minute, single-use challenge', params: FactorParams, body: ChallengeBody.optional() },
    },
    async (request) => {
      const { challenge } = await mfa.challenge(requireAuth(request), request.params.factorId, request.ip);
      return { id: challenge.id, type: 'totp', expires_at: Math.floor(challenge.expires_at / 1000) };
    },
  );

  app.post(
    '/factors/:factorId/verify',
    {
      config: { access: 'signed-in', beforeSecondFactor: true },
      schema: { summary: 'Answer a challenge; the session reaches aal2', params: FactorParams, body: VerifyFactorBody },
    },
    async (request) => {
      const { challenge_id, code } = request.body;
      const raised = await mfa.verify(requireAuth(request), request.params.factorId, challenge_id, code, auditContext(request));
      // Tokens in the answer to a cookie session would be readable by any script on the page,
      // which the httpOnly cookie is not; that session needs none to go on.
      if (!request.viaBearer) {
        const { user } = raised;
        return { user: presentTokenUser(user, await mfa.factorsOf(user.id), await oauth.identitiesOf(user.id)) };
      }
      return sessionAnswer(await tokens.issueFor(raised));
    },
  );

  app.delete(
    '/factors/:factorId',
    { config: { access: 'signed-in' }, schema: { summary: 'Remove a second factor (needs aal2 if verified)', params: FactorParams } },
    async (request) => {
      const removed = await mfa.unenrol(requireAuth(request), request.params.factorId, auditContext(request));
      return { id: presentFactor(removed).id };
    },
  );
};

/** The JWKS at the site root too, where generic JWT libraries look for it. */
export const rootJwksRoute: FastifyPluginAsyncZod<{ keys: KeyRing }> = async (app, { keys }) => {
  app.get(
    '/.well-known/jwks.json',
    { config: { access: 'public' }, schema: { summary: 'Public keys that verify access tokens' } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return keys.jwks();
    },
  );
};
