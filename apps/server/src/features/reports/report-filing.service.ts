import { randomInt, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { CreateReportRequest, ReportListQuery } from '@argus/contracts/http/reports';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { ActionTimes, DeviceTime } from '../../lib/device-time';
import { decodeCursor, nextCursor } from '../../lib/cursor';
import type { Outbox } from '../../realtime/outbox';
import type { UserRow } from '../users/users.repository';
import { findVisibleReport, triages, viewOf } from './report-access';
import { reportEvents } from './reports.events';
import type { ReportRow, ReportView, ReportsRepository } from './reports.repository';

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const trackingCode = () => `RPT-${Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')}`;

/** A new report's row, as filed by a reporter (or by nobody, with a follow token's hash, when anonymous). */
export function newReportRow(
  request: CreateReportRequest,
  reporterId: string | null,
  followTokenHash: string | null,
  times: ActionTimes,
): ReportRow {
  return {
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
    reporter_id: reporterId,
    incident_id: null,
    reject_reason: null,
    lock_holder_id: null,
    lock_expires_at: null,
    occurred_at: times.occurredAt,
    created_at: times.receivedAt,
    updated_at: times.receivedAt,
    follow_token_hash: followTokenHash,
  };
}

/** What names a report's events in the outbox, so a retried filing finds them. */
const outboxKey = (reportId: string) => `report:${reportId}`;

/**
 * Inserts a new report with its report.created events in one transaction (the outbox:
 * docs/decisions/0053-an-outbox-for-every-event.md) and publishes them once committed; null when
 * a report with its clientId (or follow link) exists already.
 */
export async function fileNewReport(reports: ReportsRepository, outbox: Outbox, row: ReportRow, now: number): Promise<ReportView | null> {
  const view: ReportView = { ...row, photos: [], lockHolderName: null, progress: null };
  const stored = await reports.transaction(async (trx) =>
    (await reports.insertIfNew(row, trx)) ? outbox.store(trx, reportEvents.created(view, now), outboxKey(row.id)) : null,
  );
  if (!stored) return null;
  outbox.publish(stored);
  return view;
}

/**
 * A retried filing found its report: the process that filed it may have died before its events
 * went out, so whatever of them is still unpublished goes out now.
 */
export function ensureFiledReportAnnounced(outbox: Outbox, report: ReportRow): Promise<void> {
  return outbox.ensurePublished(outboxKey(report.id));
}

/**
 * Filing a report and reading reports back. The device's clientId makes filing idempotent: the
 * same id again answers the first report. Reporters see only their own.
 */
export class ReportFiling {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly clock: Clock,
    private readonly outbox: Outbox,
    private readonly deviceTime: DeviceTime,
  ) {}

  async file(reporter: UserRow, request: CreateReportRequest): Promise<{ report: ReportView; created: boolean }> {
    if (reporter.role === 'Civic_Reporter' && request.kind !== 'civic')
      throw new AppError('forbidden', 'Civic reporters file civic reports.');
    if (reporter.role === 'Field_Unit' && request.kind !== 'field') throw new AppError('forbidden', 'Field units file field reports.');
    // A report made offline keeps when it was made; created_at stays its receipt, which orders and pages reports.
    const times = this.deviceTime.resolve(request.occurredAt);
    const now = times.receivedAt;
    const row = newReportRow(request, reporter.id, null, times);
    const view = await fileNewReport(this.reports, this.outbox, row, now);
    if (view) return { report: view, created: true };
    const earlier = (await this.reports.findByClientId(request.clientId))!;
    if (earlier.reporter_id !== reporter.id) throw new AppError('conflict', 'This clientId was already used for another report.');
    await ensureFiledReportAnnounced(this.outbox, earlier);
    return { report: await viewOf(this.reports, earlier), created: false };
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
    return viewOf(this.reports, await findVisibleReport(this.reports, viewer, id));
  }
}
