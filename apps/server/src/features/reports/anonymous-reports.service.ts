import type { CreateAnonymousReportRequest } from '@argus/contracts/http/reports';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { DeviceTime } from '../../lib/device-time';
import type { RateWindows } from '../../lib/rate-windows';
import { sha256 } from '../../lib/tokens';
import type { Outbox } from '../../realtime/outbox';
import type { AuditContext } from '../audit/audit.log';
import type { CivicSettingsService } from './civic-settings.service';
import type { PhotoUpload } from './photo-upload';
import { viewOf } from './report-access';
import { ensureFiledReportAnnounced, fileNewReport, newReportRow } from './report-filing.service';
import type { ReportPhotos } from './report-photos.service';
import type { PhotoRow, ReportRow, ReportView, ReportsRepository } from './reports.repository';

/** How many reports one address may file without an account in a window. */
export interface AnonymousReportLimit {
  max: number;
  windowMs: number;
}

/**
 * Civic reports from people without an account (docs/decisions/0044-civic-lifecycle-and-anonymous-reports.md).
 * The device makes the private follow link's token with the report, so a retry sends the same one
 * and the device can show the link before any answer; the server keeps only the token's SHA-256.
 * Filing is counted per address, on top of the limit every public call has
 * (docs/decisions/0006-rate-limits-per-address-and-per-session.md), and a retry is not counted twice;
 * several server processes count it together
 * (docs/decisions/0064-limits-and-previews-shared-between-processes.md).
 */
export class AnonymousReports {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly photos: ReportPhotos,
    private readonly settings: CivicSettingsService,
    private readonly clock: Clock,
    private readonly outbox: Outbox,
    private readonly limit: AnonymousReportLimit,
    private readonly filedPerAddress: RateWindows,
    private readonly deviceTime: DeviceTime,
  ) {}

  async file(request: CreateAnonymousReportRequest, address: string): Promise<{ report: ReportView; created: boolean }> {
    if (!(await this.settings.get()).anonymousReports) {
      throw new AppError(
        'forbidden',
        'This civic site takes reports from signed-in reporters only. Sign in or create an account to report.',
      );
    }
    const hash = sha256(request.followToken);
    const earlier = await this.reports.findByClientId(request.clientId);
    if (earlier) return this.retried(earlier, hash);
    if (await this.reports.findByFollowTokenHash(hash))
      throw new AppError('conflict', 'This follow link is already used for another report.');
    // Checked before the address is counted: a refused time files nothing (docs/decisions/0042-device-time.md).
    const times = this.deviceTime.resolve(request.occurredAt);
    const now = times.receivedAt;
    const window = await this.filedPerAddress.hit(address, now);
    if (window.count > this.limit.max) {
      const minutes = Math.max(1, Math.ceil((window.endsAt - now) / 60_000));
      throw new AppError('rate_limited', `Too many reports from this address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    }
    const row = newReportRow(request, null, hash, times);
    const view = await fileNewReport(this.reports, this.outbox, row, now);
    if (!view) {
      const same = await this.reports.findByClientId(request.clientId);
      if (!same) throw new AppError('conflict', 'This follow link is already used for another report.');
      return this.retried(same, hash);
    }
    return { report: view, created: true };
  }

  /** The report a follow link stands for; the same 404 for a wrong token as for none. */
  async follow(token: string): Promise<ReportView> {
    return viewOf(this.reports, await this.findByToken(token));
  }

  /** A photo of an anonymous report, sent with its follow link's token; stored and made evidence as any report photo. */
  async addPhoto(token: string, reportId: string, upload: PhotoUpload, context: AuditContext): Promise<PhotoRow> {
    const report = await this.findByToken(token);
    if (report.id !== reportId) throw new AppError('not_found', 'No report follows this link.');
    return this.photos.addTo(report, null, upload, context);
  }

  private async findByToken(token: string): Promise<ReportRow> {
    const report = await this.reports.findByFollowTokenHash(sha256(token));
    if (!report) throw new AppError('not_found', 'No report follows this link.');
    return report;
  }

  /** The same clientId again: the first report when it is the same link's, otherwise a conflict. */
  private async retried(earlier: ReportRow, hash: string): Promise<{ report: ReportView; created: boolean }> {
    if (earlier.follow_token_hash !== hash) throw new AppError('conflict', 'This clientId was already used for another report.');
    await ensureFiledReportAnnounced(this.outbox, earlier);
    return { report: await viewOf(this.reports, earlier), created: false };
  }
}
