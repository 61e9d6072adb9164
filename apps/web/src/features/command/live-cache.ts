import type { QueryClient } from '@tanstack/react-query';
import { Incident } from '@argus/contracts/http/incidents';
import { TimelineEntry } from '@argus/contracts/http/incidents';
import { Alert } from '@argus/contracts/http/alerts';
import { Message } from '@argus/contracts/http/messages';
import { Report } from '@argus/contracts/http/reports';
import { Unit } from '@argus/contracts/http/units';
import type { RealtimeFrame } from '@argus/contracts/realtime/protocol';
import { z } from 'zod';
import { alertQueries } from '../alerts/alerts.queries';
import { upsertActiveAlert } from '../alerts/alert-cache';
import { upsertOpenIncident } from '../incidents/incident-cache';
import { dispatchQueries } from '../dispatch/dispatch.queries';
import { incidentQueries } from '../incidents/incidents.queries';
import { upsertUnits } from '../units/unit-cache';
import { unitQueries } from '../units/units.queries';
import { addBroadcast, broadcastQuery } from '../messages/messages.queries';
import { awaitingTriageQuery, upsertAwaitingReport } from '../reports/reports.queries';
import { patchLive } from '../../lib/live-patch';

/** Realtime changes reach the caches (and so React and the map) at most this often. */
export const LIVE_FLUSH_INTERVAL_MS = 500;

const TimelineFrameData = z.object({ incidentId: z.string(), entry: TimelineEntry });
const DispatchFrameData = z.object({ incidentId: z.string() });

/** Every query the command dashboard keeps live; a realtime reset refetches them all. */
export const LIVE_QUERY_KEYS = [
  incidentQueries.all,
  dispatchQueries.all,
  unitQueries.all,
  alertQueries.all,
  awaitingTriageQuery().queryKey,
  broadcastQuery().queryKey,
] as const;

/**
 * Applies realtime frames to the TanStack Query caches in batches. Frames are only collected as
 * they arrive; a flush, at most every LIVE_FLUSH_INTERVAL_MS, applies them all at once — for
 * units, only the newest frame per unit, in one new list — so 10,000 units reporting twice a second
 * cost React and the map two updates a second, not twenty thousand. A lone frame after a quiet
 * spell is applied on the next tick, so a single change still shows at once.
 */
export class LiveCache {
  private readonly units = new Map<string, unknown>();
  private events: RealtimeFrame[] = [];
  private reset = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastFlushAt = -Infinity;

  constructor(
    private readonly queryClient: QueryClient,
    private readonly intervalMs = LIVE_FLUSH_INTERVAL_MS,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  accept(frame: RealtimeFrame): void {
    if (frame.type === 'unit.created' || frame.type === 'unit.updated' || frame.type === 'unit.position') {
      const id = (frame.data as { id?: unknown } | null)?.id;
      if (typeof id !== 'string') return;
      // Deleting first keeps the map's insertion order the arrival order of the newest frames.
      this.units.delete(id);
      this.units.set(id, frame.data);
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
      this.events = [];
      for (const queryKey of LIVE_QUERY_KEYS) void this.queryClient.invalidateQueries({ queryKey });
      return;
    }
    this.flushUnits();
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
    const changed: Unit[] = [];
    for (const data of this.units.values()) {
      const parsed = Unit.safeParse(data);
      if (parsed.success) changed.push(parsed.data);
    }
    this.units.clear();
    patchLive(this.queryClient, unitQueries.list().queryKey, (old) => ({ ...old, units: upsertUnits(old.units, changed) }));
  }

  private apply(frame: RealtimeFrame): void {
    const { queryClient } = this;
    switch (frame.type) {
      case 'incident.created':
      case 'incident.updated': {
        const parsed = Incident.safeParse(frame.data);
        if (!parsed.success) return;
        const incident = parsed.data;
        patchLive(queryClient, incidentQueries.open().queryKey, (old) => upsertOpenIncident(old, incident));
        const detail = incidentQueries.detail(incident.id).queryKey;
        if (queryClient.getQueryData(detail)) queryClient.setQueryData(detail, { incident });
        return;
      }
      case 'incident.timeline': {
        const parsed = TimelineFrameData.safeParse(frame.data);
        if (!parsed.success) return;
        const { incidentId, entry } = parsed.data;
        patchLive(queryClient, incidentQueries.timeline(incidentId).queryKey, (old) =>
          old.entries.some((item) => item.id === entry.id) ? old : { entries: [...old.entries, entry].sort((a, b) => a.at - b.at) },
        );
        return;
      }
      case 'dispatch.created':
      case 'dispatch.updated': {
        // The board shows assignments with their callsign and incident, which the frame does not carry.
        void queryClient.invalidateQueries({ queryKey: dispatchQueries.all });
        const parsed = DispatchFrameData.safeParse(frame.data);
        if (parsed.success) void queryClient.invalidateQueries({ queryKey: incidentQueries.timeline(parsed.data.incidentId).queryKey });
        return;
      }
      case 'report.created':
      case 'report.updated': {
        const parsed = Report.safeParse(frame.data);
        if (parsed.success) patchLive(queryClient, awaitingTriageQuery().queryKey, (old) => upsertAwaitingReport(old, parsed.data));
        return;
      }
      case 'alert.created':
      case 'alert.updated': {
        const parsed = Alert.safeParse(frame.data);
        if (parsed.success) patchLive(queryClient, alertQueries.active().queryKey, (old) => upsertActiveAlert(old, parsed.data));
        return;
      }
      case 'message.created': {
        const parsed = Message.safeParse(frame.data);
        if (parsed.success && parsed.data.channel === 'broadcast') {
          patchLive(queryClient, broadcastQuery().queryKey, (old) => addBroadcast(old, parsed.data));
        }
        return;
      }
    }
  }
}
