import type { QueryClient } from '@tanstack/react-query';
import { Report } from '@argus/contracts/http/reports';
import { Dispatch, Unit, type AssignmentListResponse, type UnitListResponse } from '@argus/contracts/http/units';
import { channels, type Channel, type RealtimeFrame } from '@argus/contracts/realtime/protocol';
import type { z } from 'zod';
import { addLiveMessage } from '../messages/messages.live';
import { messageQueries } from '../messages/messages.queries';
import { publicAlertQueries } from '../alerts/alerts.queries';
import { reportQueries } from '../reports/reports.queries';
import { patchReport } from '../civic-reporter/civic-reporter.live';
import { fieldUnitKeys } from './field-unit.queries';
import { patchLive } from '../../lib/live-patch';

type UnitList = z.infer<typeof UnitListResponse>;
type AssignmentList = z.infer<typeof AssignmentListResponse>;

const ACTIVE = new Set(['assigned', 'acknowledged', 'en_route', 'on_scene']);

/** What a field unit's crew listens to: their unit, what is addressed to them, broadcasts and public alerts. */
export function fieldChannels(userId: string, unitId: string | null): Channel[] {
  return [...(unitId ? [channels.unit(unitId)] : []), channels.user(userId), 'broadcast', 'public-alerts'];
}

/** Applies one realtime frame to the field unit page's caches; anything it cannot patch is refetched. */
export function applyFieldFrame(queryClient: QueryClient, frame: RealtimeFrame): void {
  switch (frame.type) {
    case 'unit.created':
    case 'unit.updated':
    case 'unit.position': {
      const parsed = Unit.safeParse(frame.data);
      if (!parsed.success) return void queryClient.invalidateQueries({ queryKey: fieldUnitKeys.units });
      const unit = parsed.data;
      patchLive<UnitList>(queryClient, fieldUnitKeys.units, (list) => {
        if (!list.units.some((candidate) => candidate.id === unit.id)) return { ...list, units: [...list.units, unit] };
        return { ...list, units: list.units.map((candidate) => (candidate.id === unit.id && candidate.updatedAt <= unit.updatedAt ? unit : candidate)) };
      });
      return;
    }
    case 'dispatch.updated': {
      const parsed = Dispatch.safeParse(frame.data);
      const list = queryClient.getQueryData<AssignmentList>(fieldUnitKeys.assignments);
      const known = parsed.success && list?.assignments.some((assignment) => assignment.id === parsed.data.id);
      if (!parsed.success || !known) return void queryClient.invalidateQueries({ queryKey: fieldUnitKeys.assignments });
      const dispatch = parsed.data;
      patchLive<AssignmentList>(queryClient, fieldUnitKeys.assignments, (current) => ({
        ...current,
        assignments: current.assignments
          .map((assignment) => (assignment.id === dispatch.id ? { ...assignment, ...dispatch } : assignment))
          .filter((assignment) => ACTIVE.has(assignment.status)),
      }));
      return;
    }
    case 'dispatch.created':
      // The frame carries the dispatch, not its incident: the list answers both.
      return void queryClient.invalidateQueries({ queryKey: fieldUnitKeys.assignments });
    case 'message.created':
      return addLiveMessage(queryClient, frame.data);
    case 'report.created':
    case 'report.updated':
      if (!Report.safeParse(frame.data).success) return void queryClient.invalidateQueries({ queryKey: reportQueries.all });
      return patchReport(queryClient, frame.data);
    case 'alert.created':
    case 'alert.updated':
      return void queryClient.invalidateQueries({ queryKey: publicAlertQueries.all });
    case 'realtime.reset':
      for (const queryKey of [fieldUnitKeys.all, messageQueries.all, reportQueries.all, publicAlertQueries.all]) void queryClient.invalidateQueries({ queryKey });
      return;
  }
}
