import { OPEN_INCIDENT_STATUSES } from '@argus/contracts/incidents';
import { boxAround, distanceMetres } from '../../lib/geo';
import type { IncidentsRepository } from '../incidents/incidents.repository';
import type { ReportView, ReportsRepository } from './reports.repository';

/** How far and how long apart two reports may be to be suggested as the same event. */
const DUPLICATE_RADIUS_M = 2_000;
const DUPLICATE_WINDOW_MS = 6 * 60 * 60_000;
const INCIDENT_RADIUS_M = 5_000;

/** Suggests what a report may duplicate: reports near it in place and time, scored, and open incidents nearby. */
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
    const words = wordsOf(report.description);
    const reports = (await this.reports.withDetails(candidates.filter((row) => row.id !== report.id)))
      .map((row) => ({
        row,
        distanceM: distanceMetres(center, row),
        minutesApart: Math.abs(row.created_at - report.created_at) / 60_000,
        similarity: jaccard(words, wordsOf(row.description)),
      }))
      .filter((candidate) => candidate.distanceM <= DUPLICATE_RADIUS_M)
      .sort((a, b) => score(b) - score(a))
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

function wordsOf(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length > 2),
  );
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/** Closer in place, time and words scores higher. */
function score(candidate: { distanceM: number; minutesApart: number; similarity: number }): number {
  return (
    1 - candidate.distanceM / DUPLICATE_RADIUS_M + (1 - candidate.minutesApart / (DUPLICATE_WINDOW_MS / 60_000)) + 2 * candidate.similarity
  );
}

function toBbox(box: { south: number; west: number; north: number; east: number }): [number, number, number, number] {
  return [box.south, box.west, box.north, box.east];
}
