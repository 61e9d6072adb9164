import type { Clock } from '../../lib/clock';
import type { EventBus, OperationalEvent } from '../../realtime/events';
import type { RealtimeHub } from '../../realtime/hub';
import type { AlertsService } from './alerts.service';

/** Alerts raised but not yet seen on any screen are few; past this many the oldest are given up. */
const MAX_AWAITING = 10_000;

/**
 * Records when each alert first reached a command or analyst screen (event → ingest →
 * alert → first delivery → acknowledgement: docs/decisions/0020-measured-visible-latency.md). Only command and analysts subscribe to "alerts",
 * so the first live frame of an alert written to that channel's sockets is its first delivery.
 */
export function trackFirstDelivery(
  hub: RealtimeHub,
  events: EventBus,
  alerts: AlertsService,
  clock: Clock,
  onError: (error: unknown) => void,
): () => void {
  const awaiting = new Set<string>();
  const stopEvents = events.listen((event) => {
    if (event.type !== 'alert.created') return;
    awaiting.add(event.data.id);
    if (awaiting.size > MAX_AWAITING) awaiting.delete(awaiting.values().next().value!);
  });
  const stopFrames = hub.onDelivered((frame) => {
    if (frame.channel !== 'alerts' || awaiting.size === 0 || !frame.text.startsWith('{"type":"alert.')) return;
    // The frame's text is one this server process serialised from an alert event (frames.ts).
    const id = (JSON.parse(frame.text) as Pick<OperationalEvent<'alert.created' | 'alert.updated'>, 'data'>).data.id;
    if (!awaiting.delete(id)) return;
    alerts.markFirstDelivered(id, clock.now()).catch(onError);
  });
  return () => {
    stopEvents();
    stopFrames();
  };
}
