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
 */
export function followIncidentsForReporters(
  bus: EventBus,
  announce: (incidentId: string) => Promise<void>,
  onError: (error: unknown) => void,
): () => void {
  const moved = new Set<string>();
  let scheduled: NodeJS.Immediate | null = null;
  const flush = async () => {
    scheduled = null;
    const incidentIds = [...moved];
    moved.clear();
    for (const incidentId of incidentIds) await announce(incidentId).catch(onError);
  };
  const stopListening = bus.listen((event) => {
    const incidentId = movedIncident(event);
    if (incidentId === null) return;
    moved.add(incidentId);
    scheduled ??= setImmediate(() => void flush());
  });
  return () => {
    stopListening();
    if (scheduled) clearImmediate(scheduled);
  };
}
