import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuthResponse } from '@argus/contracts/http/auth';
import { OauthProvidersResponse, PkceGrant } from '@argus/contracts/http/token-api';
import type { Clock } from '../../lib/clock';
import { auditContext, setSessionCookies } from '../../plugins/auth';
import { presentAuth } from '../auth/session.presenter';
import type { MfaPolicy } from '../mfa/mfa-policy';
import type { OauthService } from './oauth.service';

export interface OauthRoutesOptions {
  oauth: OauthService;
  clock: Clock;
  mfaPolicy: MfaPolicy;
}

/**
 * The web app's side of provider sign-in: it runs the same PKCE flow as any token-API client,
 * then trades the code here for the browser's cookie session instead of tokens.
 */
export const oauthRoutes: FastifyPluginAsyncZod<OauthRoutesOptions> = async (app, { oauth, clock, mfaPolicy }) => {
  app.get(
    '/auth/oauth/providers',
    {
      config: { access: 'public' },
      schema: { summary: 'Sign-in providers this server offers', response: { 200: OauthProvidersResponse } },
    },
    () => ({ providers: oauth.providerNames().map((name) => ({ name })) }),
  );

  app.post(
    '/auth/oauth/session',
    {
      config: { access: 'public', csrf: false },
      schema: { summary: 'Trade a provider sign-in code for a cookie session', body: PkceGrant, response: { 200: AuthResponse } },
    },
    async (request, reply) => {
      const client = { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
      const created = await oauth.exchange(request.body.auth_code, request.body.code_verifier, client, auditContext(request));
      setSessionCookies(request, reply, created);
      return presentAuth(created.resolved, clock.now(), mfaPolicy);
    },
  );
};
