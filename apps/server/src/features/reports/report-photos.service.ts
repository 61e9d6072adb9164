import { fileTypeFromBuffer } from 'file-type';
import { PHOTO_MAX_BYTES, PHOTO_TYPES } from '@argus/contracts/http/reports';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { DeviceTime } from '../../lib/device-time';
import type { FileStore } from '../../lib/file-store';
import { sha256 } from '../../lib/tokens';
import type { DurableEvents } from '../../realtime/durable-events';
import type { AuditContext } from '../audit/audit.log';
import type { EvidenceService } from '../evidence/evidence.service';
import { stripPhotoMetadata } from '../evidence/redact';
import type { UserRow } from '../users/users.repository';
import type { PhotoUpload } from './photo-upload';
import { findVisibleReport, viewOf } from './report-access';
import { reportEvents } from './reports.events';
import type { PhotoRow, ReportRow, ReportsRepository } from './reports.repository';

/** What names a photo's events in the outbox, so a retried upload finds them. */
const photoKey = (photoId: string) => `report-photo:${photoId}`;

/**
 * A report's photos: stored by their reporter, checked by their bytes, and evidence from the
 * moment they arrive; a civic reporter sees their own without metadata.
 */
export class ReportPhotos {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly files: FileStore,
    private readonly clock: Clock,
    private readonly events: DurableEvents,
    private readonly evidence: Pick<EvidenceService, 'adoptReportPhoto'>,
    private readonly deviceTime: DeviceTime,
  ) {}

  /** Stores a photo of a report, checked by its bytes; the device-made photo id makes a retry store it once. */
  async add(viewer: UserRow, reportId: string, upload: PhotoUpload, context?: AuditContext): Promise<PhotoRow> {
    const report = await this.reports.find(reportId);
    if (!report || report.reporter_id !== viewer.id) throw new AppError('not_found', 'No such report of yours.');
    return this.addTo(report, viewer.id, upload, context ?? { actorId: viewer.id, subjectId: viewer.id, ip: null, userAgent: null });
  }

  /**
   * Stores a photo of a report whose sender has been recognised (its reporter, or the holder of an
   * anonymous report's follow link, uploading as nobody), and makes it evidence.
   */
  async addTo(report: ReportRow, uploaderId: string | null, upload: PhotoUpload, context: AuditContext): Promise<PhotoRow> {
    const { bytes } = upload;
    // A photo taken offline keeps when it was taken (docs/decisions/0042-device-time.md).
    const times = this.deviceTime.resolve(upload.occurredAt);
    const photo = await this.store(report, uploaderId, { ...upload, occurredAt: times.occurredAt });
    // Every report photo is evidence from the moment it arrives; a retry adopts one that a failure left behind.
    const stored = photo.sha256 === sha256(bytes) ? bytes : await this.files.get(photo.storage_key);
    await this.evidence.adoptReportPhoto(photo, report, stored, context);
    return photo;
  }

  private async store(
    report: ReportRow,
    uploaderId: string | null,
    { photoId, declaredType, bytes, occurredAt }: PhotoUpload & { occurredAt: number },
  ): Promise<PhotoRow> {
    const reportId = report.id;
    const earlier = await this.reports.findPhoto(photoId);
    if (earlier) {
      if (earlier.report_id !== reportId) throw new AppError('conflict', 'This photo id was already used for another report.');
      // A retry: the process that stored it may have died before announcing it.
      await this.events.ensurePublished(photoKey(photoId));
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
    const row: PhotoRow = {
      id: photoId,
      report_id: reportId,
      mime: sniffed.mime,
      size: stored.size,
      sha256: stored.sha256,
      storage_key: stored.key,
      uploaded_by: uploaderId,
      occurred_at: occurredAt,
      created_at: now,
    };
    return this.events.transaction(this.reports, async (trx, pending) => {
      if (!(await this.reports.insertPhotoIfNew(row, trx))) return (await this.reports.findPhoto(photoId, trx))!;
      const announced = pending.keyed(photoKey(photoId));
      for (const event of reportEvents.updated(await viewOf(this.reports, report, trx), now)) announced.add(event);
      return row;
    });
  }

  /** A photo of a report the viewer may see; never with its location for a civic reporter. */
  async read(viewer: UserRow, reportId: string, photoId: string): Promise<{ photo: PhotoRow; bytes: Buffer }> {
    await findVisibleReport(this.reports, viewer, reportId);
    const photo = await this.reports.findPhoto(photoId);
    if (!photo || photo.report_id !== reportId) throw new AppError('not_found', 'No such photo.');
    const bytes = await this.files.get(photo.storage_key);
    if (viewer.role !== 'Civic_Reporter') return { photo, bytes };
    // The public never gets a photo's location: a civic reporter sees their photo without its metadata, or not at all.
    const shown = stripPhotoMetadata(bytes);
    if (!shown) throw new AppError('forbidden', 'This photo cannot be shown publicly: its metadata could not be removed.');
    return { photo, bytes: shown };
  }
}
