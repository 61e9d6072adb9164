import type { IncidentStatus } from './incidents';
import type { ReportStatus } from './reports';
import type { DispatchStatus } from './units';

/**
 * What the public is told about a report, computed in one place from the report and the incident it
 * led to (docs/decisions/0044-civic-lifecycle-and-anonymous-reports.md). The stages only ever say
 * what is true: "Responders notified" needs a unit assigned, "Responders on scene" a unit that
 * reached the scene, and "Closed" comes with the reason or the public outcome note.
 */
export const PUBLIC_STAGES = ['received', 'under_review', 'responders_notified', 'responders_on_scene', 'closed'] as const;
export type PublicStage = (typeof PUBLIC_STAGES)[number];

/** The reporter's words for each stage (docs/decisions/0016-verification-publication-outcome.md). */
export const PUBLIC_STAGE_TEXT: Record<PublicStage, string> = {
  received: 'Received',
  under_review: 'Under review',
  responders_notified: 'Responders notified',
  responders_on_scene: 'Responders on scene',
  closed: 'Closed',
};

/** What the public status needs to know of the incident a verified or merged report belongs to. */
export interface IncidentProgress {
  status: IncidentStatus;
  /** The note command wrote for the public when resolving or closing; null when none. */
  publicNote: string | null;
  /** The statuses of every assignment the incident has had. */
  assignments: readonly DispatchStatus[];
}

export interface PublicReportStatus {
  stage: PublicStage;
  text: string;
  /** Why it closed, for the reporter: the rejection reason or the public outcome note. */
  outcome: string | null;
}

/** Assignments that mean a unit was sent and not recalled. */
const SENT: readonly DispatchStatus[] = ['assigned', 'acknowledged', 'en_route', 'on_scene', 'cleared'];
/** Assignments whose unit reached the scene (a cleared one got there before it left). */
const REACHED: readonly DispatchStatus[] = ['on_scene', 'cleared'];

function status(stage: PublicStage, outcome: string | null = null): PublicReportStatus {
  return { stage, text: PUBLIC_STAGE_TEXT[stage], outcome };
}

/**
 * The one rule for a report's public status. A rejected report is closed with its reason. A
 * verified or merged report follows its incident: closed once the incident is resolved or closed
 * (with the public note), on scene while a unit that was not recalled reached it, notified while a
 * unit is assigned, and under review otherwise, so a recalled unit takes "Responders notified" back.
 */
export function publicReportStatus(
  report: { status: ReportStatus; rejectReason: string | null },
  incident: IncidentProgress | null,
): PublicReportStatus {
  switch (report.status) {
    case 'submitted':
      return status('received');
    case 'under_review':
      return status('under_review');
    case 'rejected':
      return status('closed', report.rejectReason);
    case 'verified':
    case 'merged':
      if (!incident) return status('under_review');
      if (incident.status === 'resolved' || incident.status === 'closed') return status('closed', incident.publicNote);
      if (incident.assignments.some((assignment) => REACHED.includes(assignment))) return status('responders_on_scene');
      if (incident.assignments.some((assignment) => SENT.includes(assignment))) return status('responders_notified');
      return status('under_review');
  }
}
