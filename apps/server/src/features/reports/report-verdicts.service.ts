import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { VerifyReportRequest } from '@argus/contracts/http/reports';
import { isOpenIncident } from '@argus/contracts/incidents';
import { isJudged } from '@argus/contracts/reports';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { IncidentRow, IncidentsRepository } from '../incidents/incidents.repository';
import type { IncidentsService } from '../incidents/incidents.service';
import type { UserRow } from '../users/users.repository';
import type { ReportChange } from './report-change';
import { assertNotLockedByOther } from './report-triage-lock.service';
import type { ReportRow, ReportView } from './reports.repository';

/**
 * A report's verdict: verified into an incident (a new one opened from it, or an open one),
 * rejected with a reason, or merged into the incident already opened for the same event. A
 * verdict is final, and the incident's timeline records it in the same transaction.
 */
export class ReportVerdicts {
  constructor(
    private readonly change: ReportChange,
    private readonly incidentsRepository: IncidentsRepository,
    private readonly incidents: IncidentsService,
  ) {}

  /** Verifies a report: into a new incident opened from it, or attached to an existing one. */
  verify(viewer: UserRow, id: string, request: z.infer<typeof VerifyReportRequest>): Promise<ReportView> {
    return this.change.apply(id, async (current, now, trx, pending) => {
      assertJudgeable(current, viewer, now);
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
      await this.incidents.recordIn(trx, pending, incidentId, 'report.verified', viewer.id, {
        reportId: id,
        trackingCode: current.tracking_code,
        kind: current.kind,
      });
      return { status: 'verified', incident_id: incidentId, lock_holder_id: null, lock_expires_at: null };
    });
  }

  reject(viewer: UserRow, id: string, reason: string): Promise<ReportView> {
    return this.change.apply(id, async (current, now) => {
      assertJudgeable(current, viewer, now);
      return { status: 'rejected', reject_reason: reason, lock_holder_id: null, lock_expires_at: null };
    });
  }

  /** Merges a duplicate into the incident already opened for the same event; the incident's timeline records it. */
  merge(viewer: UserRow, id: string, incidentId: string): Promise<ReportView> {
    return this.change.apply(id, async (current, now, trx, pending) => {
      assertJudgeable(current, viewer, now);
      const incident = await this.incidentsRepository.find(incidentId, trx);
      if (!incident) throw new AppError('not_found', 'No such incident to merge into.');
      await this.incidents.recordIn(trx, pending, incidentId, 'report.merged', viewer.id, {
        reportId: id,
        trackingCode: current.tracking_code,
        kind: current.kind,
      });
      return { status: 'merged', incident_id: incidentId, lock_holder_id: null, lock_expires_at: null };
    });
  }

  private async requireOpenIncident(trx: Transaction<Database>, incidentId: string): Promise<IncidentRow> {
    const incident = await this.incidentsRepository.find(incidentId, trx);
    if (!incident) throw new AppError('not_found', 'No such incident to attach the report to.');
    if (!isOpenIncident(incident.status))
      throw new AppError('conflict', `The incident is ${incident.status}; attach the report to an open incident.`);
    return incident;
  }
}

function assertJudgeable(report: ReportRow, viewer: UserRow, now: number): void {
  if (isJudged(report.status)) throw new AppError('conflict', `This report was already ${report.status}; a verdict is final.`);
  assertNotLockedByOther(report, viewer, now);
}
