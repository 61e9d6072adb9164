import type { QueryClient } from '@tanstack/react-query';
import type { TakContact } from '@argus/contracts/http/tak';
import type { Unit } from '@argus/contracts/http/units';
import type { EventFrame, LiveFrame } from '@argus/contracts/realtime/protocol';
import { alertQueries } from '../alerts/alerts.queries';
import { patchActiveAlerts } from '../alerts/alerts.live';
import { patchCallerLink } from '../caller-links/caller-links.live';
import { callerLinkQueries } from '../caller-links/caller-links.queries';
import { dispatchQueries } from '../dispatch/dispatch.queries';
import { patchOpenIncidents } from '../incidents/incidents.live';
import { incidentQueries } from '../incidents/incidents.queries';
import { addBroadcast } from '../messages/messages.live';
import { broadcastQuery } from '../messages/messages.queries';
import { isAwaitingTriage, patchReportList } from '../reports/reports.live';
import { awaitingTriageQuery } from '../reports/reports.queries';
import { isNewerUnit, patchUnitList } from '../units/units.live';
import { unitQueries } from '../units/units.queries';
import { unitSymbolQueries } from '../unit-symbols/unit-symbols.queries';
import { patchTakContacts } from '../tak/tak.live';
import { patchTakPoints } from '../tak/tak-points.live';
import { takContactQueries, takPointQueries } from '../tak/tak.queries';
import { patchLive } from '../../lib/live-patch';
import { homeAreaQuery } from '../../lib/map/useHomeArea';

/**
 * Realtime changes reach the caches, and so React and the map, at most this often: the one
 * throttle between the socket and the command map (the map sends what it is handed at once).
 */
export const LIVE_FLUSH_INTERVAL_MS = 500;

/** Every query the command dashboard keeps live; a realtime reset refetches them all. */
export const LIVE_QUERY_KEYS = [
  incidentQueries.all,
  dispatchQueries.all,
  unitQueries.all,
  alertQueries.all,
  awaitingTriageQuery().queryKey,
  broadcastQuery().queryKey,
  callerLinkQueries.all,
  unitSymbolQueries.all,
  takContactQueries.all,
  takPointQueries.all,
] as const;

/**
 * Applies realtime frames to the TanStack Query caches in batches. Frames are only collected as
 * they arrive; a flush, at most every LIVE_FLUSH_INTERVAL_MS, applies them all at once — for
 * units, only the newest copy of each unit (isNewerUnit), in one new list — so 10,000 units
 * reporting twice a second cost React and the map two updates a second, not twenty thousand. A
 * lone frame after a quiet spell is applied on the next tick, so a single change still shows at once.
 */
export class LiveCache {
  private readonly units = new Map<string, Unit>();
  /** TAK contacts as units are: only the latest copy of each waits for the flush. */
  private readonly takContacts = new Map<string, TakContact>();
  private events: EventFrame[] = [];
  private reset = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastFlushAt = -Infinity;

  constructor(
    private readonly queryClient: QueryClient,
    private readonly intervalMs = LIVE_FLUSH_INTERVAL_MS,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  accept(frame: LiveFrame): void {
    if (frame.type === 'unit.created' || frame.type === 'unit.updated' || frame.type === 'unit.position') {
      const unit = frame.data;
      const waiting = this.units.get(unit.id);
      if (waiting && !isNewerUnit(unit, waiting)) return;
      // Deleting first keeps the map's insertion order the arrival order of the newest copies.
      this.units.delete(unit.id);
      this.units.set(unit.id, unit);
    } else if (frame.type === 'tak-contact.updated') {
      // Announced in order on one channel: the latest copy is the newest.
      this.takContacts.delete(frame.data.uid);
      this.takContacts.set(frame.data.uid, frame.data);
    } else if (frame.type === 'realtime.reset') {
      this.reset = true;
    } else {
      this.events.push(frame);
    }
    this.schedule();
  }

  /** Stops the timer; frames not yet applied are dropped (the page is going away). */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.lastFlushAt = this.clock();
    if (this.reset) {
      this.reset = false;
      this.units.clear();
      this.takContacts.clear();
      this.events = [];
      for (const queryKey of LIVE_QUERY_KEYS) void this.queryClient.invalidateQueries({ queryKey });
      return;
    }
    this.flushUnits();
    if (this.takContacts.size > 0) {
      patchTakContacts(this.queryClient, [...this.takContacts.values()]);
      this.takContacts.clear();
    }
    const events = this.events;
    this.events = [];
    for (const frame of events) this.apply(frame);
  }

  private schedule(): void {
    if (this.timer) return;
    const wait = Math.max(0, this.lastFlushAt + this.intervalMs - this.clock());
    this.timer = setTimeout(() => this.flush(), wait);
  }

  private flushUnits(): void {
    if (this.units.size === 0) return;
    const changed = [...this.units.values()];
    this.units.clear();
    patchUnitList(this.queryClient, unitQueries.list().queryKey, changed);
  }

  private apply(frame: EventFrame): void {
    const { queryClient } = this;
    switch (frame.type) {
      case 'incident.created':
      case 'incident.updated': {
        const incident = frame.data;
        patchOpenIncidents(queryClient, incidentQueries.open().queryKey, incident);
        const detail = incidentQueries.detail(incident.id).queryKey;
        if (queryClient.getQueryData(detail)) queryClient.setQueryData(detail, { incident });
        return;
      }
      case 'symbology.updated':
        // The unit symbol table an administrator saved: the map and its legend redraw from it.
        queryClient.setQueryData(unitSymbolQueries.all, frame.data);
        return;
      case 'home-area.updated':
        // The home area an administrator set or cleared: the next map opened opens there (docs/decisions/0058-home-area.md).
        queryClient.setQueryData(homeAreaQuery.queryKey, frame.data);
        return;
      case 'caller.updated':
        patchCallerLink(queryClient, frame.data);
        return;
      case 'incident.timeline': {
        const { incidentId, entry } = frame.data;
        // The timeline shows a linked item as its own entry, placed when it was captured: only the server can build it.
        if (entry.kind === 'evidence.linked') {
          void queryClient.invalidateQueries({ queryKey: incidentQueries.timeline(incidentId).queryKey });
          return;
        }
        patchLive(queryClient, incidentQueries.timeline(incidentId).queryKey, (old) =>
          old.entries.some((item) => item.id === entry.id) ? old : { entries: [...old.entries, entry].sort((a, b) => a.at - b.at) },
        );
        return;
      }
      case 'dispatch.created':
      case 'dispatch.updated': {
        // The board shows assignments with their callsign and incident, which the frame does not carry.
        void queryClient.invalidateQueries({ queryKey: dispatchQueries.all });
        void queryClient.invalidateQueries({ queryKey: incidentQueries.timeline(frame.data.incidentId).queryKey });
        return;
      }
      case 'report.created':
      case 'report.updated': {
        patchReportList(queryClient, awaitingTriageQuery().queryKey, frame.data, isAwaitingTriage(frame.data));
        // A report linked to an incident joins its timeline at the time it was filed.
        if (frame.data.incidentId)
          void queryClient.invalidateQueries({ queryKey: incidentQueries.timeline(frame.data.incidentId).queryKey });
        return;
      }
      case 'alert.created':
      case 'alert.updated': {
        patchActiveAlerts(queryClient, frame.data);
        // Only the server knows which incident an alert's unit or report belongs to; open timelines ask again.
        if (frame.type === 'alert.created') void queryClient.invalidateQueries({ queryKey: [...incidentQueries.all, 'timeline'] });
        return;
      }
      case 'tak-point.updated':
        patchTakPoints(queryClient, { updated: frame.data });
        return;
      case 'tak-point.removed':
        patchTakPoints(queryClient, { removed: frame.data.uid });
        return;
      case 'message.created': {
        const message = frame.data;
        if (message.channel === 'broadcast') patchLive(queryClient, broadcastQuery().queryKey, (old) => addBroadcast(old, message));
        if (message.channel === 'incident' && message.targetId)
          void queryClient.invalidateQueries({ queryKey: incidentQueries.timeline(message.targetId).queryKey });
        return;
      }
    }
  }
}
