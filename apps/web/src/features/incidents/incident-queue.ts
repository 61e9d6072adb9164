import type { Incident } from '@argus/contracts/http/incidents';
import { OPEN_INCIDENT_STATUSES } from '@argus/contracts/incidents';
import { severityRank } from './incident-labels';

export type OpenStatus = (typeof OPEN_INCIDENT_STATUSES)[number];

/** What the dispatcher narrowed the queue to; 'all' lets every value through. */
export interface QueueFilter {
  status: OpenStatus | 'all';
  category: string | 'all';
}

export const ALL_INCIDENTS: QueueFilter = { status: 'all', category: 'all' };

/** Most severe first; within a severity, the one waiting longest first. */
export function sortQueue(incidents: readonly Incident[]): Incident[] {
  return [...incidents].sort((a, b) => severityRank(b.severity) - severityRank(a.severity) || a.createdAt - b.createdAt);
}

export function filterQueue(incidents: readonly Incident[], filter: QueueFilter): Incident[] {
  return incidents.filter(
    (incident) =>
      (filter.status === 'all' || incident.status === filter.status) &&
      (filter.category === 'all' || incident.category.toLowerCase() === filter.category.toLowerCase()),
  );
}

/**
 * The categories the open incidents have, for the filter: categories are free words, so the list
 * is what is there now (case folded, as typed first), plus the chosen one if it has emptied.
 */
export function queueCategories(incidents: readonly Incident[], chosen: string | 'all'): string[] {
  const byKey = new Map<string, string>();
  for (const incident of incidents) {
    const key = incident.category.toLowerCase();
    if (!byKey.has(key)) byKey.set(key, incident.category);
  }
  if (chosen !== 'all' && !byKey.has(chosen.toLowerCase())) byKey.set(chosen.toLowerCase(), chosen);
  return [...byKey.values()].sort((a, b) => a.localeCompare(b));
}

/** The queue item a key moves focus to, or null when the key does not move it. */
export function queueKeyTarget(key: string, index: number, length: number): number | null {
  if (length === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return Math.min(index + 1, length - 1);
    case 'ArrowUp':
      return Math.max(index - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return length - 1;
    default:
      return null;
  }
}
