import { TOKENS } from '@argus/contracts/constants';
import type { Config } from './config';
import type { Db } from './db/database';
import type { Clock } from './lib/clock';
import { AnalyticsRepository } from './features/analytics/analytics.repository';
import { AnalyticsService } from './features/analytics/analytics.service';
import { AnalyticsIntakeService } from './features/analytics/analytics-intake.service';
import { OperationalAnalyticsRepository } from './features/analytics/operational.repository';
import { TelemetryRepository } from './features/analytics/telemetry.repository';
import { AuditLog } from './features/audit/audit.log';
import { AuditRepository } from './features/audit/audit.repository';
import { loadAuditSigningKey } from './features/audit/audit-signing-key';
import { AuthService } from './features/auth/auth.service';
import { LoginThrottle } from './features/auth/login-throttle';
import { SessionCache } from './features/auth/session-cache';
import { SessionsRepository } from './features/auth/sessions.repository';
import { FieldActivity } from './features/auth/field-activity';
import { DevicesRepository } from './features/devices/devices.repository';
import { DevicesService } from './features/devices/devices.service';
import { RetentionRepository } from './features/retention/retention.repository';
import { RetentionService } from './features/retention/retention.service';
import { ThrottleRepository } from './features/auth/throttle.repository';
import { PlatformService } from './features/platform/platform.service';
import { RequestMetrics } from './features/platform/request-metrics';
import { UsersRepository } from './features/users/users.repository';
import { UsersService } from './features/users/users.service';
import { FirstRunService } from './features/first-run/first-run.service';
import { MfaRepository } from './features/mfa/mfa.repository';
import { MfaService } from './features/mfa/mfa.service';
import { MfaPolicy } from './features/mfa/mfa-policy';
import { AccessTokens } from './features/tokens/access-tokens';
import { KeyRing } from './features/tokens/key-ring';
import { RefreshTokensRepository } from './features/tokens/refresh-tokens.repository';
import { SigningKeysRepository } from './features/tokens/signing-keys.repository';
import { TokenService } from './features/tokens/token.service';
import { FamilyRateLimit } from './features/tokens/family-rate-limit';
import { OauthRepository } from './features/oauth/oauth.repository';
import { CallerLinksRepository } from './features/caller-links/caller-links.repository';
import { CallerLinksService } from './features/caller-links/caller-links.service';
import { OfflineAreasRepository } from './features/offline-areas/offline-areas.repository';
import { OfflineAreasService } from './features/offline-areas/offline-areas.service';
import { IncidentsRepository } from './features/incidents/incidents.repository';
import { IncidentTimelineRepository } from './features/incidents/incident-timeline.repository';
import { IncidentTimelineService } from './features/incidents/incident-timeline.service';
import { IncidentsService } from './features/incidents/incidents.service';
import { UnitsRepository } from './features/units/units.repository';
import { ReportsService } from './features/reports/reports.service';
import { ReportsRepository } from './features/reports/reports.repository';
import { CivicSettingsRepository } from './features/reports/civic-settings.repository';
import { createFileStores } from './lib/file-stores/create-file-stores';
import { EvidenceRepository } from './features/evidence/evidence.repository';
import { EvidenceService } from './features/evidence/evidence.service';
import { BasemapsRepository } from './features/basemaps/basemaps.repository';
import { BasemapsService } from './features/basemaps/basemaps.service';
import { DispatchService } from './features/dispatch/dispatch.service';
import { UnitsService } from './features/units/units.service';
import { OauthService } from './features/oauth/oauth.service';
import { OidcProviderClient } from './features/oauth/oidc-provider-client';
import { TOKEN_API_PREFIX } from '@argus/contracts/http/token-api';
import { EventBus } from './realtime/events';
import { createRealtimeHub } from './realtime/hub';
import { DurableEvents } from './realtime/durable-events';
import { Outbox } from './realtime/outbox';
import { OutboxRepository } from './realtime/outbox.repository';
import { FieldScopeRepository } from './realtime/field-scope.repository';
import { AlertsRepository } from './features/alerts/alerts.repository';
import { AlertsService } from './features/alerts/alerts.service';
import { DispatchRepository } from './features/dispatch/dispatch.repository';
import { MessagesRepository } from './features/messages/messages.repository';
import { MessagesService } from './features/messages/messages.service';
import { PushRepository } from './features/push/push.repository';
import { PushService } from './features/push/push.service';
import { webPushSender } from './features/push/web-push-sender';
import { OverviewRepository } from './features/overview/overview.repository';
import { OverviewService } from './features/overview/overview.service';
import { SearchRepository } from './features/search/search.repository';
import { SearchService } from './features/search/search.service';
import { ZonesRepository } from './features/zones/zones.repository';
import { ZonesService } from './features/zones/zones.service';
import { ZoneImportService } from './features/zones/zone-import.service';
import { ImportPreviewsRepository } from './features/zones/import-previews.repository';
import { CamerasRepository } from './features/cameras/cameras.repository';
import { CamerasService } from './features/cameras/cameras.service';
import { RulesRepository } from './features/rules/rules.repository';
import { RulesService } from './features/rules/rules.service';
import { DetectionsService } from './features/rules/detections.service';
import { ThreatEngine } from './features/rules/threat-engine';
import { EngineCursor } from './features/rules/engine-cursor';
import { ENGINE_LEASE, ScaledThreatEngine } from './features/rules/scaled-threat-engine';
import { DispatchCapabilitiesRepository } from './features/dispatch-capabilities/dispatch-capabilities.repository';
import { HomeAreaRepository } from './features/home-area/home-area.repository';
import { HomeAreaService } from './features/home-area/home-area.service';
import { UnitSymbolsRepository } from './features/unit-symbols/unit-symbols.repository';
import { UnitSymbolsService } from './features/unit-symbols/unit-symbols.service';
import { DispatchCapabilitiesService } from './features/dispatch-capabilities/dispatch-capabilities.service';
import { StreamSettingsRepository } from './features/stream-settings/stream-settings.repository';
import { StreamSettingsService } from './features/stream-settings/stream-settings.service';
import { StreamsRepository } from './features/streams/streams.repository';
import { StreamNodes } from './features/streams/stream-nodes';
import { StreamsService } from './features/streams/streams.service';
import { StreamTokens } from './features/streams/stream-tokens';
import { mediaServerFor } from './media/media-server-for';
import { PeerRelay } from './features/streams/peer-relay';
import { DeviceTime } from './lib/device-time';
import { TakContactAnnouncer } from './features/tak/tak-contact.events';
import { TakRepository } from './features/tak/tak.repository';
import { TakService } from './features/tak/tak.service';
import { TakPointsRepository } from './features/tak/tak-points.repository';
import { TakPointsService } from './features/tak/tak-points.service';
import { TakCertificatesRepository } from './features/tak/tak-certificates.repository';
import { TakEnrolmentTokensRepository } from './features/tak/tak-enrolment-tokens.repository';
import { TakDataPackagesRepository } from './features/tak/tak-data-packages.repository';
import { TakDataPackagesService } from './features/tak/tak-data-packages.service';
import { TakCertificatesService } from './features/tak/tak-certificates.service';
import { InProcessRateWindows, type RateWindowStore } from './lib/rate-windows';
import { RedisRateWindows } from './lib/redis-rate-windows';

/** Wires repositories into services once; the HTTP app, the CLI and the demo share it. */
export function createServices(config: Config, db: Db, clock: Clock) {
  const sessionCache = new SessionCache(db.outsideWriteVersion);
  const users = new UsersRepository(db.kysely, () => sessionCache.clear());
  const audit = new AuditLog(new AuditRepository(db.kysely), clock, loadAuditSigningKey(config));
  const throttleRepository = new ThrottleRepository(db.kysely);
  const throttle = new LoginThrottle(throttleRepository, clock, config.loginAddressMaxFailures);
  const metrics = new RequestMetrics(5 * 60_000);
  // Request and other limits: shared by every process through Redis when it is set (docs/decisions/0064-limits-and-previews-shared-between-processes.md).
  const rateWindows: RateWindowStore = config.redisUrl
    ? new RedisRateWindows(config.redisUrl, config.redisKeyPrefix)
    : new InProcessRateWindows();
  const sessions = new SessionsRepository(db.kysely, sessionCache);
  const auth = new AuthService(users, sessions, throttle, audit, clock);
  const accounts = new UsersService(users, audit, clock);
  const keys = new KeyRing(new SigningKeysRepository(db.kysely), clock, TOKENS.accessTtlMs, config.keyRingReloadMs);
  const accessTokens = new AccessTokens(keys, clock, `${config.publicUrl}/auth/v1`);
  const oauth = new OauthService(new OauthRepository(db.kysely), users, auth, audit, clock, {
    provider: config.oidc ? new OidcProviderClient(config.oidc) : null,
    callbackUrl: `${config.publicUrl}${TOKEN_API_PREFIX}/callback`,
    redirectAllowList: config.oauthRedirectAllowList,
    linkByEmail: config.oidc?.linkByEmail ?? false,
  });
  const incidentsRepository = new IncidentsRepository(db.kysely);
  const unitsRepository = new UnitsRepository(db.kysely);
  const events = new EventBus();
  const realtime = createRealtimeHub(config, db, events, clock);
  // Events stored with their change and relayed from there (docs/decisions/0053-an-outbox-for-every-event.md).
  const outbox = new Outbox(new OutboxRepository(db.kysely), events, clock);
  realtime.onPublished((eventId) => outbox.published(eventId));
  const durable = new DurableEvents(outbox, events);
  const incidents = new IncidentsService(incidentsRepository, clock, durable);
  const alerts = new AlertsService(new AlertsRepository(db.kysely), clock, durable, incidentsRepository);
  const fieldScope = new FieldScopeRepository(db.kysely);
  const zonesRepository = new ZonesRepository(db.kysely);
  const reportsRepository = new ReportsRepository(db.kysely);
  const { files, basemaps: basemapFiles, takPackages } = createFileStores(config.fileStore, config.dataDir, db.kysely);
  const evidenceRepository = new EvidenceRepository(db.kysely);
  const evidence = new EvidenceService(evidenceRepository, files, audit, clock, config.evidenceMaxBytes, incidents, durable, fieldScope);
  const cameras = new CamerasService(new CamerasRepository(db.kysely), clock, durable);
  const rulesRepository = new RulesRepository(db.kysely);
  // The engine resumes from the outbox where the last one stopped (docs/decisions/0070-every-event-through-the-outbox.md).
  const engineCursor = new EngineCursor(db.kysely);
  // Several processes sharing a Redis elect one to run the engine, so each alert is raised once.
  const threatEngine = config.redisUrl
    ? new ScaledThreatEngine(
        rulesRepository,
        alerts,
        events,
        clock,
        { tickMs: 15_000 },
        { redisUrl: config.redisUrl, keyPrefix: config.redisKeyPrefix, ...ENGINE_LEASE },
        engineCursor,
      )
    : new ThreatEngine(rulesRepository, alerts, events, clock, { tickMs: 15_000 }, engineCursor);
  const deviceTime = new DeviceTime(clock, config.deviceTime);
  const units = new UnitsService(unitsRepository, clock, durable, alerts, deviceTime);
  // Acknowledging a unit's SOS alert is acknowledging its SOS (docs/decisions/0036-command-inbox-and-attention.md).
  alerts.whenAcknowledged('unit.sos', (trx, pending, alert, viewer) => units.markSosSeenIn(trx, pending, alert.subject, viewer));
  const messages = new MessagesService(new MessagesRepository(db.kysely), fieldScope, clock, durable, deviceTime);
  const tak = new TakService(
    new TakRepository(db.kysely),
    units,
    unitsRepository,
    users,
    audit,
    clock,
    new TakContactAnnouncer(events, clock),
  );
  const streamsRepository = new StreamsRepository(db.kysely);
  const streamSettings = new StreamSettingsService(new StreamSettingsRepository(db.kysely), audit, clock, config.video.iceServers);
  const mfaRepository = new MfaRepository(db.kysely, () => sessionCache.clear());
  const takCertificates = new TakCertificatesService(
    new TakCertificatesRepository(db.kysely),
    auth,
    unitsRepository,
    mfaRepository,
    audit,
    clock,
    config.cot.clientCertDays,
    new TakEnrolmentTokensRepository(db.kysely),
  );
  // A deactivated user's TAK devices are cut off with them (docs/decisions/0062-tak-tls-enrolment-and-revocation.md).
  accounts.whenDeactivated((userId, context) => takCertificates.revokeUser(userId, context));
  return {
    db,
    rateWindows,
    reportsRepository,
    oauth,
    events,
    realtime,
    devices: new DevicesService(new DevicesRepository(db.kysely), users, unitsRepository, auth, sessions, audit, clock, () =>
      realtime.checkSessions(),
    ),
    fieldActivity: new FieldActivity(sessions, clock),
    retention: new RetentionService(new RetentionRepository(db.kysely), clock, config.retention),
    outbox,
    incidents,
    callerLinks: new CallerLinksService(new CallerLinksRepository(db.kysely), incidents, clock, durable),
    offlineAreas: new OfflineAreasService(
      new OfflineAreasRepository(db.kysely),
      unitsRepository,
      new BasemapsRepository(db.kysely),
      audit,
      clock,
      durable,
    ),
    incidentTimeline: new IncidentTimelineService(incidents, new IncidentTimelineRepository(db.kysely), evidenceRepository),
    reports: new ReportsService(reportsRepository, incidentsRepository, incidents, files, clock, durable, outbox, evidence, deviceTime, {
      settings: new CivicSettingsRepository(db.kysely),
      audit,
      anonymousLimit: config.anonymousReports,
      rateWindows,
    }),
    evidence,
    basemaps: new BasemapsService(new BasemapsRepository(db.kysely), basemapFiles, audit, clock, config.basemapMaxBytes),
    units,
    dispatch: new DispatchService(new DispatchRepository(db.kysely), incidentsRepository, unitsRepository, clock, durable, deviceTime),
    dispatchCapabilities: new DispatchCapabilitiesService(new DispatchCapabilitiesRepository(db.kysely), audit, clock),
    unitSymbols: new UnitSymbolsService(new UnitSymbolsRepository(db.kysely), audit, clock, durable),
    homeArea: new HomeAreaService(new HomeAreaRepository(db.kysely), audit, clock, durable),
    alerts,
    fieldScope,
    messages,
    incidentsRepository,
    zonesRepository,
    tak,
    takPoints: new TakPointsService(new TakPointsRepository(db.kysely), tak, clock, durable),
    takCertificates,
    takDataPackages: new TakDataPackagesService(new TakDataPackagesRepository(db.kysely), takPackages, clock),
    push: new PushService(
      new PushRepository(db.kysely),
      config.webPush ? webPushSender(config.webPush) : null,
      config.webPush?.publicKey ?? null,
      clock,
    ),
    overview: new OverviewService(new OverviewRepository(db.kysely)),
    search: new SearchService(new SearchRepository(db.kysely)),
    zones: new ZonesService(zonesRepository, reportsRepository, clock, durable),
    zoneImports: new ZoneImportService(zonesRepository, new ImportPreviewsRepository(db.kysely), clock, durable),
    cameras,
    threatEngine,
    rules: new RulesService(rulesRepository, clock, () => threatEngine.reloadRules()),
    detections: new DetectionsService(rulesRepository, cameras, clock, durable),
    streamSettings,
    streams: new StreamsService(
      streamsRepository,
      mediaServerFor(config.video),
      new StreamTokens(keys, clock, `${config.publicUrl}/stream`),
      async (userId) => (await fieldScope.forUser(userId)).unitIds,
      () => streamSettings.iceServers(),
      clock,
      config.video.targetBitrateKbps,
      events,
      // Several processes behind a balancer, on Janus: a peer's signalling may reach any of them
      // (docs/decisions/0076-janus-behind-the-media-server-interface.md). The embedded SFU keeps
      // video on one node, so a peer this one does not hold is held by none.
      config.redisUrl && config.video.janusUrls ? new PeerRelay(config.redisUrl, `${config.redisKeyPrefix}media:`) : null,
      // On Janus each process counts the viewers every process holds; on the embedded SFU one process holds them all.
      config.video.janusUrls ? new StreamNodes(streamsRepository, clock) : null,
    ),
    clock,
    audit,
    metrics,
    usersRepository: users,
    unitsRepository,
    users: accounts,
    firstRun: new FirstRunService(users, accounts, clock, rateWindows),
    auth,
    mfaPolicy: new MfaPolicy(config.mfaRequiredForAdmins),
    keys,
    accessTokens,
    tokens: new TokenService(
      auth,
      sessions,
      new RefreshTokensRepository(db.kysely),
      accessTokens,
      audit,
      clock,
      new FamilyRateLimit(rateWindows, config.refreshFamilyMax),
    ),
    mfa: new MfaService(mfaRepository, sessions, throttleRepository, audit, clock),
    mfaRepository,
    analytics: new AnalyticsIntakeService(new AnalyticsRepository(db.kysely), clock),
    analyticsCharts: new AnalyticsService(new OperationalAnalyticsRepository(db.kysely), new TelemetryRepository(db.kysely), clock),
    platform: new PlatformService(db, metrics, clock, clock.now()),
  };
}

export type Services = ReturnType<typeof createServices>;
