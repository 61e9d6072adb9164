import type { z } from 'zod';
import type { CreateReportRequest, ReportListQuery, VerifyReportRequest } from '@argus/contracts/http/reports';
import type { Clock } from '../../lib/clock';
import type { DeviceTime } from '../../lib/device-time';
import type { FileStore } from '../../lib/file-store';
import type { RateWindowStore } from '../../lib/rate-windows';
import type { DurableEvents } from '../../realtime/durable-events';
import type { Outbox } from '../../realtime/outbox';
import type { AuditContext } from '../audit/audit.log';
import type { EvidenceService } from '../evidence/evidence.service';
import type { IncidentsRepository } from '../incidents/incidents.repository';
import type { IncidentsService } from '../incidents/incidents.service';
import type { UserRow } from '../users/users.repository';
import type { AuditLog } from '../audit/audit.log';
import { AnonymousReports, type AnonymousReportLimit } from './anonymous-reports.service';
import type { CivicSettingsRepository } from './civic-settings.repository';
import { CivicSettingsService } from './civic-settings.service';
import { ReportChange } from './report-change';
import { ReportProgress } from './report-progress';
import { ReportDuplicates } from './report-duplicates.service';
import { ReportFiling } from './report-filing.service';
import { ReportPhotos } from './report-photos.service';
import { TriageLock } from './report-triage-lock.service';
import { ReportVerdicts } from './report-verdicts.service';
import type { PhotoUpload } from './photo-upload';
import type { PhotoRow, ReportView, ReportsRepository } from './reports.repository';

/**
 * Civic and field reports, as one service for the routes. Reporters see only their own; analysts
 * and command triage all of them, one analyst at a time, and a verdict is final. Each stage lives
 * in its own file: filing, photos, the triage lock, verdicts and duplicate suggestions, the lock
 * and verdicts over one transactional change; this class only puts them together.
 */
export class ReportsService {
  private readonly filing: ReportFiling;
  private readonly photos: ReportPhotos;
  private readonly triageLock: TriageLock;
  private readonly verdicts: ReportVerdicts;
  private readonly duplicates: ReportDuplicates;
  private readonly progress: ReportProgress;
  /** Civic reports from people without an account, and the civic site's setting that allows them. */
  readonly anonymous: AnonymousReports;
  readonly civicSettings: CivicSettingsService;

  constructor(
    reports: ReportsRepository,
    incidentsRepository: IncidentsRepository,
    incidents: IncidentsService,
    files: FileStore,
    clock: Clock,
    events: DurableEvents,
    outbox: Outbox,
    evidence: Pick<EvidenceService, 'adoptReportPhoto'>,
    deviceTime: DeviceTime,
    civic: { settings: CivicSettingsRepository; audit: AuditLog; anonymousLimit: AnonymousReportLimit; rateWindows: RateWindowStore },
  ) {
    const change = new ReportChange(reports, clock, events);
    this.filing = new ReportFiling(reports, clock, outbox, deviceTime);
    this.photos = new ReportPhotos(reports, files, clock, events, evidence, deviceTime);
    this.triageLock = new TriageLock(change);
    this.verdicts = new ReportVerdicts(change, incidentsRepository, incidents);
    this.duplicates = new ReportDuplicates(reports, incidentsRepository);
    this.progress = new ReportProgress(reports, clock, events);
    this.civicSettings = new CivicSettingsService(civic.settings, civic.audit, clock);
    this.anonymous = new AnonymousReports(
      reports,
      this.photos,
      this.civicSettings,
      clock,
      outbox,
      civic.anonymousLimit,
      civic.rateWindows.windows('anonymous-reports', civic.anonymousLimit.windowMs),
      deviceTime,
    );
  }

  /** Re-announces to their reporters the reports linked to an incident that moved. */
  announceProgress(incidentId: string): Promise<void> {
    return this.progress.announce(incidentId);
  }

  file(reporter: UserRow, request: CreateReportRequest): Promise<{ report: ReportView; created: boolean }> {
    return this.filing.file(reporter, request);
  }

  list(viewer: UserRow, query: z.infer<typeof ReportListQuery>): Promise<{ views: ReportView[]; nextCursor: string | null }> {
    return this.filing.list(viewer, query);
  }

  /** One report, for its reporter or for triage. */
  get(viewer: UserRow, id: string): Promise<ReportView> {
    return this.filing.get(viewer, id);
  }

  addPhoto(viewer: UserRow, reportId: string, upload: PhotoUpload, context?: AuditContext): Promise<PhotoRow> {
    return this.photos.add(viewer, reportId, upload, context);
  }

  readPhoto(viewer: UserRow, reportId: string, photoId: string): Promise<{ photo: PhotoRow; bytes: Buffer }> {
    return this.photos.read(viewer, reportId, photoId);
  }

  lock(viewer: UserRow, id: string): Promise<ReportView> {
    return this.triageLock.lock(viewer, id);
  }

  unlock(viewer: UserRow, id: string, force: boolean): Promise<ReportView> {
    return this.triageLock.unlock(viewer, id, force);
  }

  verify(viewer: UserRow, id: string, request: z.infer<typeof VerifyReportRequest>): Promise<ReportView> {
    return this.verdicts.verify(viewer, id, request);
  }

  reject(viewer: UserRow, id: string, reason: string): Promise<ReportView> {
    return this.verdicts.reject(viewer, id, reason);
  }

  merge(viewer: UserRow, id: string, incidentId: string): Promise<ReportView> {
    return this.verdicts.merge(viewer, id, incidentId);
  }

  /** Reports and open incidents near one report the viewer may see, most likely duplicates first. */
  async nearby(viewer: UserRow, id: string) {
    return this.duplicates.near(await this.filing.get(viewer, id));
  }
}
