import type { Clock } from '../../lib/clock';
import type { EventBus, EventPublisher, OperationalEvent } from '../../realtime/events';
import { reportEvents } from './reports.events';
import type { ReportsRepository } from './reports.repository';

/** The incident an event moves, when it can change the public status of reports linked to it. */
function movedIncident(event: OperationalEvent): string | null {
  switch (event.type) {
    case 'incident.updated':
      return event.data.id;
    case 'dispatch.created':
    case 'dispatch.updated':
      return event.data.incidentId;
    default:
      return null;
  }
}

/** Tells each reporter with a report linked to an incident how that report stands now. */
export class ReportProgress {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly clock: Clock,
    private readonly events: EventPublisher,
  ) {}

  async announce(incidentId: string): Promise<void> {
    const linked = await this.reports.listByIncident(incidentId);
    if (linked.length === 0) return;
    const now = this.clock.now();
    for (const view of await this.reports.withDetails(linked))
      for (const event of reportEvents.progressed(view, now)) this.events.publish(event);
  }
}

/**
 * A report's public status follows its incident (docs/decisions/0044-civic-lifecycle-and-anonymous-reports.md),
 * so when an incident or one of its assignments changes, each reporter with a report linked to it
 * hears the report again on their own channel. Changes that arrive together (an assignment and the
 * incident it moves) are announced once, on a later turn of the event loop than the commit that
 * published them (docs/decisions/0019-nothing-slow-on-the-write-path.md).
 *
 * One announcement runs at a time: each reads the state as it is when it starts, so two running at
 * once (a crew's "en route" still being read when its "on scene" commits) could publish the older
 * reading last and leave the reporter with a stale status until the next change. What moves while
 * one runs is announced after it.
 */
export function followIncidentsForReporters(
  bus: EventBus,
  announce: (incidentId: string) => Promise<void>,
  onError: (error: unknown) => void,
): () => void {
  const moved = new Set<string>();
  let scheduled: NodeJS.Immediate | null = null;
  let running = false;
  const flush = async () => {
    scheduled = null;
    running = true;
    try {
      while (moved.size > 0) {
        const incidentIds = [...moved];
        moved.clear();
        for (const incidentId of incidentIds) await announce(incidentId).catch(onError);
      }
    } finally {
      running = false;
    }
  };
  const stopListening = bus.listen((event) => {
    const incidentId = movedIncident(event);
    if (incidentId === null) return;
    moved.add(incidentId);
    if (!running) scheduled ??= setImmediate(() => void flush());
  });
  return () => {
    stopListening();
    if (scheduled) clearImmediate(scheduled);
  };
}
