import { randomInt, randomUUID } from 'node:crypto';
import { sha256 } from '../../lib/tokens';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { fileTypeFromBuffer } from 'file-type';
import { PHOTO_MAX_BYTES, PHOTO_TYPES, REPORT_LOCK_MS, type CreateReportRequest, type ReportListQuery, type VerifyReportRequest } from '@argus/contracts/http/reports';
import { OPEN_INCIDENT_STATUSES } from '@argus/contracts/incidents';
import { isJudged, type ReportStatus } from '@argus/contracts/reports';
import { isCommandRole } from '@argus/contracts/roles';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { decodeCursor, nextCursor } from '../../lib/cursor';
import type { Clock } from '../../lib/clock';
import type { FileStore } from '../../lib/file-store';
import type { AuditContext } from '../audit/audit.log';
import type { EvidenceService } from '../evidence/evidence.service';
import { stripPhotoMetadata } from '../evidence/redact';
import { boxAround, distanceMetres } from '../../lib/geo';
import { PendingEvents, type EventPublisher } from '../../realtime/events';
import type { IncidentRow, IncidentsRepository } from '../incidents/incidents.repository';
import type { IncidentsService } from '../incidents/incidents.service';
import type { UserRow } from '../users/users.repository';
import { reportEvents } from './reports.events';
import type { PhotoRow, ReportRow, ReportView, ReportsRepository } from './reports.repository';
import { seesEveryRow } from '@argus/contracts/policies/visibility';

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const trackingCode = () => `RPT-${Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')}`;

export const triages = (user: Pick<UserRow, 'role'>) => seesEveryRow(user.role);

/** How far and how long apart two reports may be to be suggested as the same event. */
const DUPLICATE_RADIUS_M = 2_000;
const DUPLICATE_WINDOW_MS = 6 * 60 * 60_000;
const INCIDENT_RADIUS_M = 5_000;

/**
 * Civic and field reports. The device's clientId makes filing idempotent: the same id again
 * answers the first report. Reporters see only their own; analysts and command triage all of
 * them, one analyst at a time (a short, renewable lock a supervisor can break), and a verdict
 * (verified into an incident, rejected with a reason, merged into an incident) is final.
 */
export class ReportsService {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly incidentsRepository: IncidentsRepository,
    private readonly incidents: IncidentsService,
    private readonly files: FileStore,
    private readonly clock: Clock,
    private readonly events: EventPublisher,
    private readonly evidence: Pick<EvidenceService, 'adoptReportPhoto'>,
  ) {}

  async file(reporter: UserRow, request: CreateReportRequest): Promise<{ report: ReportView; created: boolean }> {
    if (reporter.role === 'Civic_Reporter' && request.kind !== 'civic') throw new AppError('forbidden', 'Civic reporters file civic reports.');
    if (reporter.role === 'Field_Unit' && request.kind !== 'field') throw new AppError('forbidden', 'Field units file field reports.');
    const now = this.clock.now();
    const row: ReportRow = {
      id: randomUUID(),
      client_id: request.clientId,
      tracking_code: trackingCode(),
      kind: request.kind,
      category: request.category,
      description: request.description,
      lat: request.location.lat,
      lon: request.location.lon,
      accuracy: request.location.accuracy ?? null,
      status: 'submitted',
      reporter_id: reporter.id,
      incident_id: null,
      reject_reason: null,
      lock_holder_id: null,
      lock_expires_at: null,
      created_at: now,
      updated_at: now,
    };
    if (await this.reports.insertIfNew(row)) {
      const view: ReportView = { ...row, photos: [], lockHolderName: null };
      for (const event of reportEvents.created(view, now)) this.events.publish(event);
      return { report: view, created: true };
    }
    const earlier = (await this.reports.findByClientId(request.clientId))!;
    if (earlier.reporter_id !== reporter.id) throw new AppError('conflict', 'This clientId was already used for another report.');
    return { report: await this.view(earlier), created: false };
  }

  async list(viewer: UserRow, query: z.infer<typeof ReportListQuery>): Promise<{ views: ReportView[]; nextCursor: string | null }> {
    const rows = await this.reports.list({
      reporterId: triages(viewer) ? undefined : viewer.id,
      statuses: query.status,
      kind: query.kind,
      category: query.category,
      from: query.from,
      to: query.to,
      bbox: query.bbox as [number, number, number, number] | undefined,
      before: query.cursor ? decodeCursor(query.cursor) : undefined,
      limit: query.limit,
    });
    return { views: await this.reports.withDetails(rows), nextCursor: nextCursor(rows, query.limit) };
  }

  /** One report, for its reporter or for triage. */
  async get(viewer: UserRow, id: string): Promise<ReportView> {
    const row = await this.reports.find(id);
    if (!row || (!triages(viewer) && row.reporter_id !== viewer.id)) throw new AppError('not_found', 'No such report.');
    return this.view(row);
  }

  /** Stores a photo of a report, checked by its bytes; the device-made photo id makes a retry store it once. */
  async addPhoto(viewer: UserRow, reportId: string, photoId: string, declaredType: string | undefined, bytes: Buffer, context?: AuditContext): Promise<PhotoRow> {
    const photo = await this.storePhoto(viewer, reportId, photoId, declaredType, bytes);
    // Every report photo is evidence from the moment it arrives; a retry adopts one that a failure left behind.
    const report = (await this.reports.find(reportId))!;
    const stored = photo.sha256 === sha256(bytes) ? bytes : await this.files.get(photo.storage_key);
    await this.evidence.adoptReportPhoto(photo, report, stored, context ?? { actorId: viewer.id, subjectId: viewer.id, ip: null, userAgent: null });
    return photo;
  }

  private async storePhoto(viewer: UserRow, reportId: string, photoId: string, declaredType: string | undefined, bytes: Buffer): Promise<PhotoRow> {
    const report = await this.reports.find(reportId);
    if (!report || report.reporter_id !== viewer.id) throw new AppError('not_found', 'No such report of yours.');
    const earlier = await this.reports.findPhoto(photoId);
    if (earlier) {
      if (earlier.report_id !== reportId) throw new AppError('conflict', 'This photo id was already used for another report.');
      return earlier;
    }
    if (bytes.length === 0) throw new AppError('validation_failed', 'The photo is empty.');
    if (bytes.length > PHOTO_MAX_BYTES) throw new AppError('payload_too_large', 'A photo may be at most 10 MB.');
    const sniffed = await fileTypeFromBuffer(bytes);
    if (!sniffed || !(PHOTO_TYPES as readonly string[]).includes(sniffed.mime)) {
      throw new AppError('unsupported_media_type', 'The file is not a JPEG, PNG or WebP photo.');
    }
    if (declaredType && declaredType !== sniffed.mime) {
      throw new AppError('unsupported_media_type', `The file is a ${sniffed.mime} photo but was sent as ${declaredType}.`);
    }
    const stored = await this.files.put(bytes);
    const now = this.clock.now();
    const row: PhotoRow = { id: photoId, report_id: reportId, mime: sniffed.mime, size: stored.size, sha256: stored.sha256, storage_key: stored.key, uploaded_by: viewer.id, created_at: now };
    if (!(await this.reports.insertPhotoIfNew(row))) return (await this.reports.findPhoto(photoId))!;
    for (const event of reportEvents.updated(await this.view(report), now)) this.events.publish(event);
    return row;
  }

  async readPhoto(viewer: UserRow, reportId: string, photoId: string): Promise<{ photo: PhotoRow; bytes: Buffer }> {
    await this.get(viewer, reportId);
    const photo = await this.reports.findPhoto(photoId);
    if (!photo || photo.report_id !== reportId) throw new AppError('not_found', 'No such photo.');
    const bytes = await this.files.get(photo.storage_key);
    if (viewer.role !== 'Civic_Reporter') return { photo, bytes };
    // The public never gets a photo's location: a civic reporter sees their photo without its metadata, or not at all.
    const shown = stripPhotoMetadata(bytes);
    if (!shown) throw new AppError('forbidden', 'This photo cannot be shown publicly: its metadata could not be removed.');
    return { photo, bytes: shown };
  }

  /** Takes or renews the triage lock; the first analyst to open a report moves it to under review. */
  async lock(viewer: UserRow, id: string): Promise<ReportView> {
    return this.change(id, async (current, now) => {
      this.assertNotLockedByOther(current, viewer, now);
      if (isJudged(current.status as ReportStatus)) throw new AppError('conflict', `This report was already ${current.status}; there is nothing to triage.`);
      return { lock_holder_id: viewer.id, lock_expires_at: now + REPORT_LOCK_MS, status: current.status === 'submitted' ? 'under_review' : current.status };
    });
  }

  /** Lets go of the lock; a command-level supervisor may break another analyst's lock. */
  async unlock(viewer: UserRow, id: string, force: boolean): Promise<ReportView> {
    return this.change(id, async (current, now) => {
      if (current.lock_holder_id === null || (current.lock_expires_at ?? 0) <= now) return {};
      if (current.lock_holder_id !== viewer.id) {
        if (!force) throw new AppError('conflict', 'Another analyst holds this report; only a supervisor can break the lock.');
        if (!isCommandRole(viewer.role)) throw new AppError('forbidden', 'Only command can break another analyst’s lock.');
      }
      return { lock_holder_id: null, lock_expires_at: null };
    });
  }

  /** Verifies a report: into a new incident opened from it, or attached to an existing one. */
  async verify(viewer: UserRow, id: string, request: z.infer<typeof VerifyReportRequest>): Promise<ReportView> {
    return this.change(id, async (current, now, trx, pending) => {
      this.assertJudgeable(current, viewer, now);
      let incidentId = request.incidentId;
      if (incidentId) {
        await this.requireOpenIncident(trx, incidentId);
      } else {
        const opened = await this.incidents.openIn(
          trx,
          pending,
          {
            title: request.title ?? `${current.category}: ${current.description.slice(0, 80)}`,
            category: current.category,
            severity: request.severity ?? 'medium',
            location: { lat: current.lat, lon: current.lon, ...(current.accuracy !== null ? { accuracy: current.accuracy } : {}) },
            description: current.description,
            source: `${current.kind} report ${current.tracking_code}`,
          },
          viewer.id,
        );
        incidentId = opened.id;
      }
      await this.incidents.recordIn(trx, pending, incidentId, 'report.verified', viewer.id, { reportId: id, trackingCode: current.tracking_code, kind: current.kind });
      return { status: 'verified', incident_id: incidentId, lock_holder_id: null, lock_expires_at: null };
    });
  }

  async reject(viewer: UserRow, id: string, reason: string): Promise<ReportView> {
    return this.change(id, async (current, now) => {
      this.assertJudgeable(current, viewer, now);
      return { status: 'rejected', reject_reason: reason, lock_holder_id: null, lock_expires_at: null };
    });
  }

  /** Merges a duplicate into the incident already opened for the same event; the incident's timeline records it. */
  async merge(viewer: UserRow, id: string, incidentId: string): Promise<ReportView> {
    return this.change(id, async (current, now, trx, pending) => {
      this.assertJudgeable(current, viewer, now);
      const incident = await this.incidentsRepository.find(incidentId, trx);
      if (!incident) throw new AppError('not_found', 'No such incident to merge into.');
      await this.incidents.recordIn(trx, pending, incidentId, 'report.merged', viewer.id, { reportId: id, trackingCode: current.tracking_code, kind: current.kind });
      return { status: 'merged', incident_id: incidentId, lock_holder_id: null, lock_expires_at: null };
    });
  }

  /** Reports and open incidents near one report, most likely duplicates first. */
  async nearby(viewer: UserRow, id: string) {
    const report = await this.get(viewer, id);
    const center = { lat: report.lat, lon: report.lon };
    const candidates = await this.reports.near(boxAround(center, DUPLICATE_RADIUS_M), report.created_at - DUPLICATE_WINDOW_MS, report.created_at + DUPLICATE_WINDOW_MS, 100);
    const words = wordsOf(report.description);
    const reports = (await this.reports.withDetails(candidates.filter((row) => row.id !== id)))
      .map((row) => ({
        row,
        distanceM: distanceMetres(center, row),
        minutesApart: Math.abs(row.created_at - report.created_at) / 60_000,
        similarity: jaccard(words, wordsOf(row.description)),
      }))
      .filter((candidate) => candidate.distanceM <= DUPLICATE_RADIUS_M)
      .sort((a, b) => score(b) - score(a))
      .slice(0, 20);
    const incidents = (await this.incidentsRepository.list({ statuses: [...OPEN_INCIDENT_STATUSES], bbox: toBbox(boxAround(center, INCIDENT_RADIUS_M)), limit: 50 }))
      .map((incident) => ({ incident, distanceM: distanceMetres(center, incident) }))
      .filter((candidate) => candidate.distanceM <= INCIDENT_RADIUS_M)
      .sort((a, b) => a.distanceM - b.distanceM);
    return { reports, incidents };
  }

  private async view(row: ReportRow): Promise<ReportView> {
    return (await this.reports.withDetails([row]))[0]!;
  }

  /** Reads, changes and writes one report in a transaction, then announces it. */
  private async change(
    id: string,
    decide: (current: ReportRow, now: number, trx: Transaction<Database>, pending: PendingEvents) => Promise<Partial<ReportRow>>,
  ): Promise<ReportView> {
    const now = this.clock.now();
    const pending = new PendingEvents();
    const view = await this.reports.transaction(async (trx) => {
      const current = await this.reports.find(id, trx);
      if (!current) throw new AppError('not_found', 'No such report.');
      const changes = await decide(current, now, trx, pending);
      if (Object.keys(changes).length === 0) return (await this.reports.withDetails([current], trx))[0]!;
      const next = { ...current, ...changes, updated_at: now };
      await this.reports.update(trx, id, next);
      const [view] = await this.reports.withDetails([next], trx);
      for (const event of reportEvents.updated(view!, now)) pending.add(event);
      return view!;
    });
    pending.publishTo(this.events);
    return view;
  }

  private assertNotLockedByOther(report: ReportRow, viewer: UserRow, now: number): void {
    if (report.lock_holder_id !== null && report.lock_holder_id !== viewer.id && (report.lock_expires_at ?? 0) > now) {
      throw new AppError('conflict', 'Another analyst is triaging this report right now.');
    }
  }

  private assertJudgeable(report: ReportRow, viewer: UserRow, now: number): void {
    if (isJudged(report.status as ReportStatus)) throw new AppError('conflict', `This report was already ${report.status}; a verdict is final.`);
    this.assertNotLockedByOther(report, viewer, now);
  }

  private async requireOpenIncident(trx: Transaction<Database>, incidentId: string): Promise<IncidentRow> {
    const incident = await this.incidentsRepository.find(incidentId, trx);
    if (!incident) throw new AppError('not_found', 'No such incident to attach the report to.');
    if (!(OPEN_INCIDENT_STATUSES as readonly string[]).includes(incident.status)) throw new AppError('conflict', `The incident is ${incident.status}; attach the report to an open incident.`);
    return incident;
  }
}

function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 2));
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/** Closer in place, time and words scores higher. */
function score(candidate: { distanceM: number; minutesApart: number; similarity: number }): number {
  return (1 - candidate.distanceM / DUPLICATE_RADIUS_M) + (1 - candidate.minutesApart / (DUPLICATE_WINDOW_MS / 60_000)) + 2 * candidate.similarity;
}

function toBbox(box: { south: number; west: number; north: number; east: number }): [number, number, number, number] {
  return [box.south, box.west, box.north, box.east];
}
