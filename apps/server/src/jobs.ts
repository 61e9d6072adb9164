import type { FastifyBaseLogger } from 'fastify';
import { HEALTH_CHECK_INTERVAL_MS } from '@argus/contracts/constants';
import type { Services } from './services';
import { scheduleAuditCheckpoints } from './features/audit/audit-checkpoint-schedule';
import { trackFirstDelivery } from './features/alerts/first-delivery';
import { followStreamRooms } from './features/cameras/follow-stream-rooms';
import { followIncidentsForReporters } from './features/reports/report-progress';

/** What the server runs beside its routes, started once it is ready and stopped as it closes. */
export interface BackgroundJobs {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface BackgroundJobOptions {
  /** Start the SFU before the first viewer; tests start it when they need it. */
  warmMedia: boolean;
}

/**
 * The server's background work, one lifecycle for all of it: camera health follows stream rooms,
 * alerts record their first delivery, the outbox relays what a process left unpublished, the SFU warms up, crews' phones are pushed to, reporters hear how the incidents behind their reports move, platform health is sampled, old rows are deleted, the audit
 * head is signed, and the threat engine runs. The event listeners are attached at once, as
 * events may be published before the server is ready; every failure is logged, never thrown.
 */
export function createBackgroundJobs(services: Services, log: FastifyBaseLogger, options: BackgroundJobOptions): BackgroundJobs {
  const stopFollowingRooms = followStreamRooms(services.events, services.cameras, (error) =>
    log.error({ err: error }, 'cameras: re-checking health after a stream change'),
  );
  const stopTracking = trackFirstDelivery(services.realtime, services.events, services.alerts, services.clock, (error) =>
    log.error({ err: error }, 'alerts: recording first delivery'),
  );
  // Web Push to crews' phones (docs/decisions/0043-the-field-phone-offline-and-attention.md): nothing when unconfigured.
  const stopPushing = services.push.listen(services.events, (error) => log.warn({ err: error }, 'push: could not reach a push service'));
  const stopFollowingIncidents = followIncidentsForReporters(
    services.events,
    (incidentId) => services.reports.announceProgress(incidentId),
    (error) => log.error({ err: error }, 'reports: announcing a report’s public status'),
  );
  const auditCheckpoints = scheduleAuditCheckpoints(services.audit, (error) => log.error({ err: error }, 'audit: signing a checkpoint'));
  let monitor: NodeJS.Timeout | undefined;
  let retention: NodeJS.Timeout | undefined;
  // Retention (docs/decisions/0051-device-sessions-and-retention.md): every node runs it; the deletes are idempotent.
  const runRetention = () =>
    services.retention.run().then(
      (counts) => log.info({ counts }, 'retention: deleted rows past their keeping period'),
      (error: unknown) => log.error({ err: error }, 'retention: deleting old rows'),
    );

  return {
    async start() {
      if (options.warmMedia)
        void services.streams.media.start().catch((error: unknown) => log.error({ err: error }, 'sfu: could not start'));
      await services.streams.startAcrossNodes((error) => log.error({ err: error }, 'streams: sharing peers with other server processes'));
      await services.platform.sampleHealth();
      monitor = setInterval(() => void services.platform.sampleHealth(), HEALTH_CHECK_INTERVAL_MS).unref();
      retention = setInterval(() => void runRetention(), services.retention.config.intervalMs).unref();
      await auditCheckpoints.start();
      services.outbox.start((error, context) => log.error({ err: error }, `outbox: ${context}`));
      await services.threatEngine.start((error, context) => log.error({ err: error }, `rules: ${context}`));
    },
    // In the reverse order of starting: the engine writes what it heard before the last checkpoint is signed.
    async stop() {
      stopTracking();
      stopPushing();
      await services.threatEngine.stop();
      await services.outbox.stop();
      await auditCheckpoints.stop();
      clearInterval(monitor);
      clearInterval(retention);
      await services.streams.close();
      stopFollowingRooms();
      stopFollowingIncidents();
    },
  };
}
