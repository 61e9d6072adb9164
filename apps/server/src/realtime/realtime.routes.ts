import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import { SESSION_COOKIE, cookieName } from '@argus/contracts/http/auth';
import { REALTIME_PATH } from '@argus/contracts/realtime/protocol';
import type { SiteHosts } from '@argus/contracts/sites';
import { AppError } from '../lib/app-error';
import { bearerToken } from '../lib/bearer-token';
import { awaitsSecondFactor } from '../features/mfa/mfa-policy';
import { requireAuth } from '../plugins/auth';
import type { AuthService, SessionLookup } from '../features/auth/auth.service';
import type { Viewer } from './channel-access';
import type { SocketIdentity } from './connection';
import type { RealtimeHub } from './hub';
import { isAllowedOrigin } from './origin';

export interface RealtimeRoutesOptions {
  hub: RealtimeHub;
  auth: AuthService;
  /** The same bearer lookup the auth plugin uses for HTTP. */
  bearer: (token: string) => Promise<SessionLookup>;
  siteHosts: SiteHosts;
}

/** Client frames are small (subscribe lists of up to 100 channels); anything bigger is not ours. */
const MAX_CLIENT_FRAME_BYTES = 64 * 1024;

/**
 * /ws/realtime. The upgrade request passes the same auth plugin as every HTTP call (session
 * cookie or bearer token, expiry, deactivation, the second factor): a refusal is an ordinary
 * HTTP answer (401, 403) before any upgrade. Then the Origin is checked against Argus's own
 * sites, and the hub takes the socket.
 */
export const realtimePlugin = fp(async (app: FastifyInstance, options: RealtimeRoutesOptions) => {
  // Once the server has seen an upgrade request, Node hands its socket over and no longer closes
  // it: whatever answered without upgrading (a 401, a 404 for another path) must close it, or it
  // lingers and holds up shutdown.
  app.addHook('onResponse', (request, _reply, done) => {
    // Node treats a request as an upgrade when it names both headers, and so does this.
    const { connection, upgrade } = request.headers;
    if (upgrade !== undefined && /\bupgrade\b/i.test(connection ?? '')) request.raw.socket?.destroy();
    done();
  });
  await app.register(realtimeRoutes, options);
});

const realtimeRoutes: FastifyPluginAsync<RealtimeRoutesOptions> = async (app, { hub, auth, bearer, siteHosts }) => {
  // Before the websocket plugin closes its sockets without a reason, say why (registered first, runs first).
  app.addHook('preClose', (done) => {
    hub.disconnectAll();
    done();
  });
  await app.register(websocket, { options: { maxPayload: MAX_CLIENT_FRAME_BYTES } });
  app.addHook('onReady', () => hub.start((error, context) => app.log.error({ err: error }, `realtime: ${context}`)));
  app.addHook('onClose', () => hub.close());

  app.route({
    method: 'GET',
    url: REALTIME_PATH,
    config: { access: 'signed-in' },
    schema: { hide: true },
    onRequest: (request, _reply, done) => {
      if (!isAllowedOrigin(request.headers.origin, request, siteHosts)) {
        return done(new AppError('forbidden', 'Realtime connections are only accepted from Argus’s own sites.'));
      }
      done();
    },
    handler: () => {
      throw new AppError('validation_failed', `Open ${REALTIME_PATH} as a WebSocket.`);
    },
    // request.socket is the TCP socket the WebSocket was upgraded on.
    wsHandler: (socket, request) => hub.attach(socket, request.socket, identify(request, auth, bearer)),
  });
};

function identify(request: FastifyRequest, auth: AuthService, bearer: RealtimeRoutesOptions['bearer']): SocketIdentity {
  const { user } = requireAuth(request);
  const token = bearerToken(request.headers.authorization);
  const cookie = request.cookies[cookieName(SESSION_COOKIE, request.protocol === 'https')] ?? '';
  return {
    viewer: { id: user.id, role: user.role },
    credential: token ?? cookie,
    recheck: async () => {
      let lookup: SessionLookup;
      try {
        lookup = token !== null ? await bearer(token) : await auth.lookup(cookie);
      } catch (error) {
        // An expired or unknown token ends the socket; anything else is the database's trouble.
        if (error instanceof AppError) return null;
        throw error;
      }
      return stillAdmitted(lookup);
    },
  };
}

/** The viewer a lookup stands for, judged as the auth plugin judges an HTTP call. */
function stillAdmitted(lookup: SessionLookup): Viewer | null {
  if (lookup.status !== 'valid') return null;
  const { resolved } = lookup;
  if (awaitsSecondFactor(resolved)) return null;
  return { id: resolved.user.id, role: resolved.user.role };
}
