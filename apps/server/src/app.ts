import os from 'node:os';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { PRODUCT_NAME, PRODUCT_VERSION } from '@argus/contracts/product';
import type { Config } from './config';
import type { Db } from './db/database';
import { systemClock, type Clock } from './lib/clock';
import { loggerOptions } from './lib/logging';
import { createServices, type Services } from './services';
import { createBackgroundJobs } from './jobs';
import { authPlugin } from './plugins/auth';
import type { DeclaredRoute } from './plugins/types';
import { errorsPlugin } from './plugins/errors';
import { rateLimitPlugin } from './plugins/rate-limit';
import { gracefulClose, type GracefulClose } from './plugins/graceful-close';
import { ScaledThreatEngine } from './features/rules/scaled-threat-engine';
import { securityHeadersPlugin } from './plugins/security-headers';
import { serverTimePlugin } from './plugins/server-time';
import { responseSerializerCompiler } from './plugins/serializer';
import { webAppPlugin } from './plugins/web-app';
import { analyticsRoutes } from './features/analytics/analytics.routes';
import { analyticsChartRoutes } from './features/analytics/analytics-charts.routes';
import { authRoutes } from './features/auth/auth.routes';
import { platformRoutes } from './features/platform/platform.routes';
import { usersRoutes } from './features/users/users.routes';
import { devicesRoutes } from './features/devices/devices.routes';
import { firstRunRoutes } from './features/first-run/first-run.routes';
import { auditRoutes } from './features/audit/audit.routes';
import { callerLinksRoutes } from './features/caller-links/caller-links.routes';
import { offlineAreasRoutes } from './features/offline-areas/offline-areas.routes';
import { incidentsRoutes } from './features/incidents/incidents.routes';
import { unitsRoutes } from './features/units/units.routes';
import { reportsRoutes } from './features/reports/reports.routes';
import { publicReportsRoutes } from './features/reports/public-reports.routes';
import { evidenceRoutes } from './features/evidence/evidence.routes';
import { dispatchRoutes } from './features/dispatch/dispatch.routes';
import { realtimePlugin } from './realtime/realtime.routes';
import { messagesRoutes } from './features/messages/messages.routes';
import { pushRoutes } from './features/push/push.routes';
import { alertsRoutes } from './features/alerts/alerts.routes';
import { rulesRoutes } from './features/rules/rules.routes';
import { overviewRoutes } from './features/overview/overview.routes';
import { camerasRoutes } from './features/cameras/cameras.routes';
import { liveRoomsOf } from './features/cameras/live-rooms';
import { streamSettingsRoutes } from './features/stream-settings/stream-settings.routes';
import { streamsRoutes } from './features/streams/streams.routes';
import { whipRoutes } from './features/streams/whip.routes';
import { signalingSocket } from './features/streams/signaling.socket';
import { searchRoutes } from './features/search/search.routes';
import { mapRoutes } from './features/map/map.routes';
import { basemapsRoutes } from './features/basemaps/basemaps.routes';
import { unitSymbolsRoutes } from './features/unit-symbols/unit-symbols.routes';
import { homeAreaRoutes } from './features/home-area/home-area.routes';
import { dispatchCapabilitiesRoutes } from './features/dispatch-capabilities/dispatch-capabilities.routes';
import { rootJwksRoute, tokenApiRoutes } from './features/tokens/token-api.routes';
import { oauthRoutes } from './features/oauth/oauth.routes';
import { zonesRoutes } from './features/zones/zones.routes';
import { takRoutes } from './features/tak/tak.routes';
import { CotStreamServer } from './features/tak/cot-stream-server';
import { TakPlaybackLinks } from './features/tak/tak-playback-links';
import { RtspServer } from './features/tak/rtsp-server';
import type { RtspAddress } from './features/tak/rtsp-link';
import { TakGateway } from './features/tak/tak-gateway';
import { TakCertificatesRepository } from './features/tak/tak-certificates.repository';
import { TakEnrolmentTokensRepository } from './features/tak/tak-enrolment-tokens.repository';
import { takOnboardingRoutes } from './features/tak/tak-onboarding.routes';
import { TakOnboardingService } from './features/tak/tak-onboarding.service';
import { TakDrawings } from './features/tak/tak-drawings';
import { TakIncidentReports } from './features/tak/tak-incident-reports';
import { TakItemsRepository } from './features/tak/tak-items.repository';
import { TakTlsEndpoints } from './features/tak/tak-tls-endpoints';
import { TakVideo } from './features/tak/tak-video';
import { TOKEN_API_PREFIX } from '@argus/contracts/http/token-api';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  clock?: Clock;
}

export interface ArgusApp {
  app: FastifyInstance;
  services: Services;
  routes: DeclaredRoute[];
  /** What SIGTERM runs (docs/decisions/0047-health-shutdown-and-built-starts.md). */
  shutdown: GracefulClose;
  /** The CoT endpoint for TAK devices; it listens only when COT_TCP_PORT is set. */
  cot: CotStreamServer;
  /** Its TLS side and ATAK's enrolment; they listen only when COT_TLS_PORT or TAK_ENROL_PORT is set. */
  takTls: TakTlsEndpoints;
  takGateway: TakGateway | null;
  /** The RTSP output for TAK devices' players; null unless TAK_RTSP_PORT is set. */
  rtsp: RtspServer | null;
}

/** Builds the whole server without listening, so tests drive it with inject. */
export async function buildApp({ config, db, clock = systemClock }: BuildAppOptions): Promise<ArgusApp> {
  const app = Fastify({
    ...loggerOptions(config),
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    // A TAK playback link's signed token is a path segment of ~400 characters (docs/decisions/0073-tak-video-out-and-read-receipts.md);
    // Fastify's default of 100 answers 414 to it.
    routerOptions: { maxParamLength: 1024 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  // The API speaks JSON only; anything else answers 415 with a clear message.
  app.removeContentTypeParser('text/plain');
  const services = createServices(config, db, clock);
  // A process that leads the rules engine among several hands it over as soon as it is told to stop.
  const { threatEngine } = services;
  const shutdown = gracefulClose(app, () => (threatEngine instanceof ScaledThreatEngine ? threatEngine.stepDown() : Promise.resolve()));

  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: PRODUCT_VERSION },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'argus_session' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(errorsPlugin);
  await app.register(serverTimePlugin, { clock });
  const routes: DeclaredRoute[] = [];
  const bearer = async (token: string) => {
    const claims = await services.accessTokens.verify(token);
    return services.auth.lookupSession(claims.session_id, claims.sub);
  };
  await app.register(authPlugin, {
    auth: services.auth,
    bearer,
    mfaPolicy: services.mfaPolicy,
    routes,
  });
  await app.register(rateLimitPlugin, { ...config.rateLimit, store: services.rateWindows, now: () => clock.now() });
  app.addHook('onReady', () => services.rateWindows.start(app.log.child({ feature: 'rate-limits' })));
  app.addHook('onClose', () => services.rateWindows.close());
  await app.register(securityHeadersPlugin, { tileUrl: config.mapTiles?.url, tileSources: () => services.basemaps.onlineSources() });
  await app.register(webAppPlugin, { webDist: config.webDist, siteHosts: config.siteHosts });

  app.addHook('onResponse', (request, reply, done) => {
    if (request.routeOptions.config.access !== undefined) {
      services.metrics.record(clock.now(), reply.elapsedTime, reply.statusCode);
    }
    done();
  });

  await app.register(platformRoutes, { platform: services.platform });
  await app.register(authRoutes, { auth: services.auth, users: services.users, clock: services.clock, mfaPolicy: services.mfaPolicy });
  await app.register(usersRoutes, { users: services.users });
  await app.register(devicesRoutes, { devices: services.devices, mfaPolicy: services.mfaPolicy });
  await app.register(firstRunRoutes, { firstRun: services.firstRun });
  await app.register(auditRoutes, { audit: services.audit });
  await app.register(incidentsRoutes, { incidents: services.incidents, timeline: services.incidentTimeline });
  await app.register(callerLinksRoutes, { callerLinks: services.callerLinks });
  await app.register(offlineAreasRoutes, { offlineAreas: services.offlineAreas });
  await app.register(unitsRoutes, { units: services.units, activity: services.fieldActivity });
  await app.register(reportsRoutes, { reports: services.reports, clock: services.clock });
  await app.register(publicReportsRoutes, { reports: services.reports });
  await app.register(evidenceRoutes, { evidence: services.evidence });
  await app.register(dispatchRoutes, { dispatch: services.dispatch });
  await app.register(dispatchCapabilitiesRoutes, { capabilities: services.dispatchCapabilities });
  await app.register(realtimePlugin, { hub: services.realtime, auth: services.auth, bearer, siteHosts: config.siteHosts });
  await app.register(messagesRoutes, { messages: services.messages });
  await app.register(pushRoutes, { push: services.push });
  await app.register(alertsRoutes, { alerts: services.alerts });
  await app.register(rulesRoutes, { rules: services.rules, detections: services.detections });
  await app.register(overviewRoutes, { overview: services.overview });
  await app.register(takRoutes, { tak: services.tak, certificates: services.takCertificates, points: services.takPoints });
  await app.register(zonesRoutes, { zones: services.zones, imports: services.zoneImports, clock: services.clock });
  await app.register(camerasRoutes, { cameras: services.cameras, detectionModelUrl: config.detectionModelUrl });
  services.cameras.useLiveRooms(liveRoomsOf(services.streams.media));
  await app.register(streamSettingsRoutes, { streamSettings: services.streamSettings });
  await app.register(streamsRoutes, { streams: services.streams });
  const takPlayback: TakPlaybackLinks = new TakPlaybackLinks(
    services.keys,
    clock,
    config.publicUrl,
    services.takCertificates,
    services.usersRepository,
    services.streams,
  );
  // The RTSP output stock ATAK plays (docs/decisions/0077-tak-rtsp-output.md): off unless TAK_RTSP_PORT is set.
  const rtspConfig = config.cot.rtsp;
  const rtsp: RtspServer | null = rtspConfig
    ? new RtspServer(
        { playback: takPlayback, streams: services.streams },
        rtspConfig,
        app.log.child({ feature: 'tak-rtsp' }),
        services.rateWindows,
      )
    : null;
  if (rtsp && rtspConfig) {
    takPlayback.offerRtsp((): RtspAddress | null =>
      rtsp.port ? { host: rtspConfig.host, port: rtspConfig.publicPort ?? rtsp.port } : null,
    );
    app.addHook('onReady', () => rtsp.listen(config.host));
  }
  await app.register(whipRoutes, { streams: services.streams, bearer, playback: takPlayback });
  await app.register(signalingSocket, { streams: services.streams, siteHosts: config.siteHosts });
  await app.register(searchRoutes, { search: services.search });
  await app.register(mapRoutes, { tiles: config.mapTiles });
  await app.register(basemapsRoutes, { basemaps: services.basemaps });
  await app.register(unitSymbolsRoutes, { unitSymbols: services.unitSymbols });
  await app.register(homeAreaRoutes, { homeArea: services.homeArea });
  app.addHook('onClose', () => services.basemaps.close());
  await app.register(tokenApiRoutes, {
    prefix: TOKEN_API_PREFIX,
    tokens: services.tokens,
    oauth: services.oauth,
    mfa: services.mfa,
    keys: services.keys,
    callbackBase: `${config.publicUrl}${TOKEN_API_PREFIX}/callback`,
  });
  await app.register(rootJwksRoute, { keys: services.keys });
  await app.register(oauthRoutes, { oauth: services.oauth, clock: services.clock, mfaPolicy: services.mfaPolicy });
  await app.register(analyticsRoutes, { analytics: services.analytics });
  await app.register(analyticsChartRoutes, { charts: services.analyticsCharts });
  app.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, () => app.swagger());

  // A real server has the SFU warm before the first viewer; tests start it when they need it.
  const jobs = createBackgroundJobs(services, app.log, { warmMedia: config.env !== 'test' });
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());

  // TAK devices' CoT stream (docs/decisions/0061-tak-cot-endpoint-first-slice.md): off unless COT_TCP_PORT is set.
  const cot = new CotStreamServer(
    services.tak,
    services.events,
    services.unitsRepository,
    clock,
    app.log.child({ feature: 'tak' }),
    {
      incidents: services.incidentsRepository,
      zones: services.zonesRepository,
      fieldScope: services.fieldScope,
      users: services.usersRepository,
      messages: services.messages,
      units: services.unitsRepository,
      alerts: services.alerts,
      // Live rooms out with playback links made for each device (docs/decisions/0073-tak-video-out-and-read-receipts.md).
      video: { streams: services.streams, playback: takPlayback },
    },
    config.cot.limits,
  );
  // What devices draw and the feeds they announce, as zones and cameras (docs/decisions/0068-tak-items-from-devices.md).
  const takItems = new TakItemsRepository(services.db.kysely);
  cot.useItems({
    drawings: new TakDrawings(takItems, services.tak, services.zones, services.rules, clock, services.mfaPolicy),
    video: new TakVideo(takItems, services.tak, services.cameras, clock, services.mfaPolicy),
    reports: new TakIncidentReports(services.tak, services.reports, services.reportsRepository, services.rateWindows, clock),
    points: services.takPoints,
  });
  const cotPort = config.cot.tcpPort;
  if (cotPort !== null) app.addHook('onReady', async () => void (await cot.listen(cotPort, config.host)));
  // Its TLS side and enrolment (docs/decisions/0062-tak-tls-enrolment-and-revocation.md); the CA is
  // opened (made, on the first start) only when one of them is on.
  // The Marti API (docs/decisions/0066-tak-onboarding-marti-and-enrolment-tokens.md) serves data
  // packages from the shared file store and the contacts every process sees.
  // A certificate that may no longer connect also ends the video its playback links play (decision 0073).
  const takTls = new TakTlsEndpoints(
    cot,
    services.takCertificates,
    app.log.child({ feature: 'tak' }),
    config.cot.tls,
    {
      packages: services.takDataPackages,
      contacts: () => services.tak.contacts(),
      nodeId: os.hostname(),
      now: () => services.clock.now(),
    },
    [takPlayback],
  );
  if (takTls.enabled) app.addHook('onReady', () => takTls.start(config.dataDir, config.host));
  // Onboarding names the ports the endpoints listen on (docs/decisions/0066-tak-onboarding-marti-and-enrolment-tokens.md).
  const onboarding = new TakOnboardingService(
    new TakEnrolmentTokensRepository(services.db.kysely),
    services.unitsRepository,
    services.usersRepository,
    services.audit,
    services.clock,
    () => takTls.endpoints(),
    new TakCertificatesRepository(services.db.kysely),
  );
  await app.register(takOnboardingRoutes, { onboarding });
  app.addHook('onClose', () => takTls.close());
  // onClose hooks run last first: RTSP sessions end (and are announced) before the stream service stops.
  if (rtsp) app.addHook('onClose', () => rtsp.close());
  // Argus as a client of an existing TAK Server (docs/decisions/0069-tak-protocol-v1-bench-and-gateway.md): off unless TAK_GATEWAY_URL is set.
  const gatewayConfig = config.cot.gateway;
  const takGateway = gatewayConfig ? new TakGateway(cot, gatewayConfig, clock, app.log.child({ feature: 'tak-gateway' })) : null;
  if (takGateway) {
    app.addHook('onReady', () => takGateway.start());
    app.addHook('onClose', () => takGateway.close());
  }
  app.addHook('onClose', () => cot.close());
  app.addHook('onClose', () => services.tak.close());

  return { app, services, routes, shutdown, cot, takTls, takGateway, rtsp };
}
