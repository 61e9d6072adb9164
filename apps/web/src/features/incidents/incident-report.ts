import type { TimelineEntry } from '@argus/contracts/http/incidents';
import type { Assignment, Unit } from '@argus/contracts/http/units';
import type { z } from 'zod';

type Entry = z.infer<typeof TimelineEntry>;

/** The address parameter that opens one incident's printable report on /command (docs/decisions/0041-incident-report-and-a-demo-that-exercises-attention.md). */
export const INCIDENT_REPORT_PARAM = 'incident-report';

/** When the incident was last resolved and last closed, read from its timeline's status changes; null when it never was. */
export function endTimes(entries: readonly Entry[]): { resolvedAt: number | null; closedAt: number | null } {
  let resolvedAt: number | null = null;
  let closedAt: number | null = null;
  for (const entry of entries) {
    if (entry.kind !== 'incident.status') continue;
    if (entry.detail.to === 'resolved' && (resolvedAt === null || entry.at > resolvedAt)) resolvedAt = entry.at;
    if (entry.detail.to === 'closed' && (closedAt === null || entry.at > closedAt)) closedAt = entry.at;
  }
  return { resolvedAt, closedAt };
}

/** Earliest dispatch first, so the report reads as the response unfolded. */
export function byDispatchTime(assignments: readonly Assignment[]): Assignment[] {
  const dispatched = (assignment: Assignment) => assignment.milestones.assigned ?? Number.POSITIVE_INFINITY;
  return [...assignments].sort((a, b) => dispatched(a) - dispatched(b) || a.callsign.localeCompare(b.callsign));
}

/** The units that worked the incident and whose last position is known, for the report's map. */
export function unitsToDraw(assignments: readonly Assignment[], units: readonly Unit[]): Unit[] {
  const ids = new Set(assignments.map((assignment) => assignment.unitId));
  return units.filter((unit) => ids.has(unit.id) && unit.position !== null);
}
