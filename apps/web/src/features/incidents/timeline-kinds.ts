/**
 * The kinds of entry a reader can show or hide on an incident's timeline
 * (docs/decisions/0014-one-incident-timeline.md), each entry kind belonging to one.
 */
export const TIMELINE_GROUPS = ['changes', 'units', 'reports', 'messages', 'notes', 'alerts', 'evidence'] as const;
export type TimelineGroup = (typeof TIMELINE_GROUPS)[number];

export const TIMELINE_GROUP_LABELS: Record<TimelineGroup, string> = {
  changes: 'Changes',
  units: 'Units',
  reports: 'Reports',
  messages: 'Messages',
  notes: 'Analyst notes',
  alerts: 'Alerts',
  evidence: 'Evidence',
};

/** One entry's label beside its time, so the kind never rests on colour alone. */
export const TIMELINE_GROUP_BADGES: Record<TimelineGroup, string> = {
  changes: 'Change',
  units: 'Unit',
  reports: 'Report',
  messages: 'Message',
  notes: 'Note',
  alerts: 'Alert',
  evidence: 'Evidence',
};

/** Which group an entry kind ("dispatch.on_scene", "note.added") belongs to. */
export function timelineGroupOf(kind: string): TimelineGroup {
  const [prefix] = kind.split('.');
  switch (prefix) {
    case 'dispatch':
      return 'units';
    case 'report':
      return 'reports';
    case 'message':
      return 'messages';
    case 'note':
      return 'notes';
    case 'alert':
      return 'alerts';
    case 'evidence':
      return 'evidence';
    default:
      return 'changes';
  }
}
