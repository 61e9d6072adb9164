import { createHash } from 'node:crypto';
import { CreateReportRequest } from '@argus/contracts/http/reports';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { RateWindows, RateWindowStore } from '../../lib/rate-windows';
import type { ReportsRepository } from '../reports/reports.repository';
import type { ReportsService } from '../reports/reports.service';
import type { CotItem } from './cot-items-reading';
import type { DeviceIdentity } from './tak-certificates.service';
import type { TakService } from './tak.service';

type IncidentReport = Extract<CotItem, { kind: 'incident-report' }>;

/**
 * How many new incident markers one device files as reports in an hour: a device sending marker
 * after marker with new uids would otherwise bury triage. Markers past it are relayed only.
 */
export const TAK_REPORTS_PER_DEVICE = { max: 20, windowMs: 60 * 60_000 };

export type ReportLanding = { landed: true; reportId: string } | { landed: false; reason: string };

/** The report's clientId made from the CoT uid: ATAK sends a marker again and again, and it is filed once. */
function clientIdOf(cotUid: string): string {
  const hex = createHash('sha256').update(`tak-report:${cotUid}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * An incident a device marks (`a-.-X-*`) is filed as a field report, the way the field phone files
 * one, for the analysts to triage into an incident or not (docs/decisions/0068-tak-items-from-devices.md).
 * A device never opens an incident itself: only command and triage do. The report service's own
 * rules decide who may file (every operations and field role).
 */
export class TakIncidentReports {
  private readonly filed: RateWindows;

  constructor(
    private readonly tak: TakService,
    private readonly reports: ReportsService,
    private readonly reportsRepository: ReportsRepository,
    rateWindows: RateWindowStore,
    private readonly clock: Clock,
  ) {
    this.filed = rateWindows.windows('tak-reports-per-device', TAK_REPORTS_PER_DEVICE.windowMs);
  }

  async report(report: IncidentReport, device: DeviceIdentity | null): Promise<ReportLanding> {
    if (!report.location) return { landed: false, reason: 'an incident marker off the globe' };
    if (!device && !report.authorUid) return { landed: false, reason: 'the event does not say which device marked it' };
    const bound = await this.tak.boundActor(report.authorUid ?? '', device);
    if ('reason' in bound) return { landed: false, reason: bound.reason };
    const request = CreateReportRequest.safeParse({
      clientId: clientIdOf(report.uid),
      kind: 'field',
      category: report.title.slice(0, 60),
      description: `${report.remarks || report.title}\n\nMarked on a TAK device (CoT ${report.type}, uid ${report.uid}).`.slice(0, 5000),
      location: report.location,
    });
    if (!request.success) return { landed: false, reason: request.error.issues[0]?.message ?? 'not a report' };
    // Only a marker not filed before counts: ATAK sends the same marker again and again.
    if (!(await this.reportsRepository.findByClientId(request.data.clientId))) {
      const sender = device?.deviceUid ?? report.authorUid ?? '';
      const window = await this.filed.hit(sender, this.clock.now());
      if (window.count > TAK_REPORTS_PER_DEVICE.max)
        return {
          landed: false,
          reason: `${sender} marked more than ${TAK_REPORTS_PER_DEVICE.max} incidents within the hour; more are filed from ${new Date(window.endsAt).toISOString()}`,
        };
    }
    try {
      const { report: filed } = await this.reports.file(bound.actor, request.data);
      return { landed: true, reportId: filed.id };
    } catch (error) {
      if (error instanceof AppError) return { landed: false, reason: error.message };
      throw error;
    }
  }
}
