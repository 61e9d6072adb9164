import { OPEN_INCIDENT_STATUSES } from '@argus/contracts/incidents';
import { boxAround, distanceMetres } from '../../lib/geo';
import type { IncidentsRepository } from '../incidents/incidents.repository';
import { scoreDuplicate } from './duplicate-score';
import type { ReportView, ReportsRepository } from './reports.repository';

/** How far and how long apart two reports may be to be suggested as the same event. */
const DUPLICATE_RADIUS_M = 2_000;
const DUPLICATE_WINDOW_MS = 6 * 60 * 60_000;
const INCIDENT_RADIUS_M = 5_000;

/**
 * Suggests what a report may duplicate: reports near it in place and time whose place, time and words
 * together score above the threshold (duplicate-score.ts), and open incidents nearby.
 */
export class ReportDuplicates {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly incidentsRepository: IncidentsRepository,
  ) {}

  /** Reports and open incidents near one report (already checked visible), most likely duplicates first. */
  async near(report: ReportView) {
    const center = { lat: report.lat, lon: report.lon };
    const candidates = await this.reports.near(
      boxAround(center, DUPLICATE_RADIUS_M),
      report.created_at - DUPLICATE_WINDOW_MS,
      report.created_at + DUPLICATE_WINDOW_MS,
      100,
    );
    const reports = (await this.reports.withDetails(candidates.filter((row) => row.id !== report.id)))
      .map((row) => {
        const distanceM = distanceMetres(center, row);
        const minutesApart = Math.abs(row.created_at - report.created_at) / 60_000;
        return {
          row,
          distanceM,
          minutesApart,
          ...scoreDuplicate(report, { description: row.description, category: row.category, distanceM, minutesApart }),
        };
      })
      .filter((candidate) => candidate.distanceM <= DUPLICATE_RADIUS_M && candidate.suggested)
      .sort((a, b) => b.score - a.score)
      .slice(0, 20);
    const incidents = (
      await this.incidentsRepository.list({
        statuses: [...OPEN_INCIDENT_STATUSES],
        bbox: toBbox(boxAround(center, INCIDENT_RADIUS_M)),
        limit: 50,
      })
    )
      .map((incident) => ({ incident, distanceM: distanceMetres(center, incident) }))
      .filter((candidate) => candidate.distanceM <= INCIDENT_RADIUS_M)
      .sort((a, b) => a.distanceM - b.distanceM);
    return { reports, incidents };
  }
}

function toBbox(box: { south: number; west: number; north: number; east: number }): [number, number, number, number] {
  return [box.south, box.west, box.north, box.east];
}
