import type { TimelineEntry } from '@argus/contracts/http/incidents';
import type { z } from 'zod';
import { reviewsEvidence } from '../evidence/evidence-access';
import type { EvidenceRepository } from '../evidence/evidence.repository';
import type { UserRow } from '../users/users.repository';
import { presentTimelineEntry } from './incidents.presenter';
import type { IncidentsService } from './incidents.service';
import type { AlertCandidate, AssignmentSpan, IncidentTimelineRepository } from './incident-timeline.repository';
import { linkedEntry } from './incident-timeline.presenter';

type Entry = z.infer<typeof TimelineEntry>;
interface RecordedSource {
  kind?: unknown;
  id?: unknown;
  name?: unknown;
}

/** Far more evidence than one incident gathers; the evidence page pages through the rest. */
const EVIDENCE_LIMIT = 500;

/** An assignment that ended stops drawing its unit's alerts onto the incident. */
const ENDED = new Set(['cleared', 'cancelled']);

/**
 * One incident's whole story in time order (docs/decisions/0014-one-incident-timeline.md): the
 * stored entries (changes, milestones, verdicts) with the reports linked to it at the time they were
 * made, its channel's messages and analyst notes, the alerts that name it, its reports or a unit
 * while assigned to it, and the evidence filed under it that the viewer may see.
 */
export class IncidentTimelineService {
  constructor(
    private readonly incidents: Pick<IncidentsService, 'get' | 'timeline'>,
    private readonly linked: IncidentTimelineRepository,
    private readonly evidence: Pick<EvidenceRepository, 'list'>,
  ) {}

  async entries(incidentId: string, viewer: UserRow): Promise<Entry[]> {
    const incident = await this.incidents.get(incidentId);
    const [stored, reports, messages, assignments, evidence] = await Promise.all([
      this.incidents.timeline(incidentId),
      this.linked.reports(incidentId),
      this.linked.messages(incidentId),
      this.linked.assignments(incidentId),
      // The evidence row rule is the evidence feature's own (evidence-access.ts): reviewers see
      // every item, anyone else only what they captured.
      this.evidence.list({ incidentId, capturedBy: reviewsEvidence(viewer) ? undefined : viewer.id, limit: EVIDENCE_LIMIT }),
    ]);
    const reportIds = new Set(reports.map((report) => report.id));
    const since = Math.min(Number(incident.created_at), ...reports.map((report) => Number(report.created_at)));
    const unitMessages = (
      await this.linked.unitMessages(
        [...new Set(assignments.map((a) => a.unit_id))],
        Math.min(...assignments.map((a) => Number(a.created_at))),
      )
    ).filter((message) => duringAssignment(message.unit_id, Number(message.sent_at), assignments));
    const callsigns = new Map(assignments.map((a) => [a.unit_id, a.callsign]));
    const candidates = await this.linked.alertsMentioning([incidentId, ...reportIds, ...assignments.map((a) => a.unit_id)], since);
    const names = new Map(
      (await this.linked.peopleNamed([...new Set(stored.flatMap((row) => row.actor_id ?? []))])).map((u) => [u.id, u.full_name]),
    );

    const linkers = new Map(
      stored.flatMap((row) =>
        row.kind === 'evidence.linked' && row.actor_id ? [[evidenceIdOf(row.detail), names.get(row.actor_id)] as const] : [],
      ),
    );

    const entries: Entry[] = [
      // First, so that a report filed in the same millisecond as its verdict sorts before it.
      ...reports.map(linkedEntry.report),
      // An evidence item is its own entry below, placed when it was captured, so the link entry would repeat it.
      ...stored
        .filter((row) => row.kind !== 'evidence.linked')
        .map((row) => ({ ...presentTimelineEntry(row), actorName: row.actor_id ? (names.get(row.actor_id) ?? null) : null })),
      ...messages.map((message) => linkedEntry.message(message)),
      // A crew and command talking on the unit's thread while it works the incident are part of its story.
      ...unitMessages.map((message) => linkedEntry.message(message, callsigns.get(message.unit_id))),
      ...candidates.flatMap((alert) => {
        const sources = concerning(alert, incidentId, reportIds, assignments);
        return sources ? [linkedEntry.alert(alert, sources)] : [];
      }),
      ...evidence.map((item) => linkedEntry.evidence(item, linkers.get(item.id) ?? null)),
    ];
    // A stable sort: stored entries of the same millisecond keep their written order.
    return entries.sort((a, b) => a.at - b.at);
  }
}

/**
 * The names of what the alert was raised by, when one of its sources is the incident, one of its
 * reports, or one of its units while assigned to it; null when the alert is about something else.
 */
function concerning(alert: AlertCandidate, incidentId: string, reportIds: Set<string>, assignments: AssignmentSpan[]): string[] | null {
  const sources = parseSources(alert.sources);
  const at = Number(alert.created_at);
  const related = sources.some(({ kind, id }) => {
    if (kind === 'incident') return id === incidentId;
    if (kind === 'report') return typeof id === 'string' && reportIds.has(id);
    if (kind === 'unit') return typeof id === 'string' && duringAssignment(id, at, assignments);
    return false;
  });
  // Each name once: a burst of reports records one source per report, often under one name.
  return related ? [...new Set(sources.flatMap(({ name }) => (typeof name === 'string' && name ? [name] : [])))] : null;
}

/** Whether the unit was assigned to the incident at that time (an ended assignment stops at its last change). */
function duringAssignment(unitId: string, at: number, assignments: AssignmentSpan[]): boolean {
  return assignments.some(
    (span) => span.unit_id === unitId && at >= Number(span.created_at) && (!ENDED.has(span.status) || at <= Number(span.updated_at)),
  );
}

function evidenceIdOf(detail: string): string {
  const { itemId } = JSON.parse(detail) as { itemId?: unknown };
  return typeof itemId === 'string' ? itemId : '';
}

function parseSources(text: string): RecordedSource[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as RecordedSource[]) : [];
  } catch {
    return [];
  }
}
