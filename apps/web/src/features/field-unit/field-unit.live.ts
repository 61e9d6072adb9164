import type { QueryClient } from '@tanstack/react-query';
import type { AssignmentListResponse, UnitListResponse } from '@argus/contracts/http/units';
import { channels, type Channel, type LiveFrame } from '@argus/contracts/realtime/protocol';
import type { z } from 'zod';
import { addLiveMessage } from '../messages/messages.live';
import { patchUnitList } from '../units/units.live';
import { messageQueries } from '../messages/messages.queries';
import { sentOfflineAreaQueries } from '../offline-areas/offline-areas.queries';
import { publicAlertQueries } from '../alerts/alerts.queries';
import { patchOwnReport } from '../reports/reports.live';
import { reportQueries } from '../reports/reports.queries';
import { fieldUnitKeys } from './field-unit.queries';
import { patchLive } from '../../lib/live-patch';
import { fieldCueFor, type FieldCue } from '@argus/contracts/field-cues';

type AssignmentList = z.infer<typeof AssignmentListResponse>;
type UnitList = z.infer<typeof UnitListResponse>;

const ACTIVE = new Set(['assigned', 'acknowledged', 'en_route', 'on_scene']);

/** What a field unit's crew listens to: their unit, what is addressed to them, broadcasts and public alerts. */
export function fieldChannels(userId: string, unitId: string | null): Channel[] {
  return [...(unitId ? [channels.unit(unitId)] : []), channels.user(userId), 'broadcast', 'public-alerts'];
}

/** Applies one realtime frame to the field unit page's caches; anything it cannot patch is refetched. */
export function applyFieldFrame(queryClient: QueryClient, frame: LiveFrame): void {
  switch (frame.type) {
    case 'unit.created':
    case 'unit.updated':
    case 'unit.position':
      return patchUnitList(queryClient, fieldUnitKeys.units, [frame.data]);
    case 'dispatch.updated': {
      const dispatch = frame.data;
      const list = queryClient.getQueryData<AssignmentList>(fieldUnitKeys.assignments);
      const known = list?.assignments.find((assignment) => assignment.id === dispatch.id);
      if (!known) return void queryClient.invalidateQueries({ queryKey: fieldUnitKeys.assignments });
      // A recall or a reassignment takes the assignment away; the crew is told which and why.
      if (dispatch.status === 'cancelled') queryClient.setQueryData(fieldUnitKeys.recalled, { ...known, ...dispatch });
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
      return patchOwnReport(queryClient, frame.data);
    case 'public-alert.created':
    case 'public-alert.updated':
      return void queryClient.invalidateQueries({ queryKey: publicAlertQueries.all });
    case 'offline-area.sent':
    case 'offline-area.withdrawn':
      return void queryClient.invalidateQueries({ queryKey: sentOfflineAreaQueries.all });
    case 'realtime.reset':
      for (const queryKey of [fieldUnitKeys.all, messageQueries.all, reportQueries.all, publicAlertQueries.all, sentOfflineAreaQueries.all])
        void queryClient.invalidateQueries({ queryKey });
      return;
  }
}

/** The cue a frame deserves (field-cues.ts), judged against the page's caches before the frame is applied. */
export function fieldCue(queryClient: QueryClient, frame: LiveFrame, userId: string): FieldCue | null {
  if (frame.type === 'realtime.reset') return null;
  const unitId = frame.type === 'unit.updated' ? frame.data.id : null;
  const unitBefore = unitId ? queryClient.getQueryData<UnitList>(fieldUnitKeys.units)?.units.find((unit) => unit.id === unitId) : undefined;
  return fieldCueFor(frame, { viewerId: userId, sosSeenBefore: Boolean(unitBefore?.emergency?.seen) });
}
