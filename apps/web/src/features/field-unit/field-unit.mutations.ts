import { useCallback, useMemo } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Location } from '@argus/contracts/http/incidents';
import { DispatchResponse, UnitResponse, type AssignmentListResponse, type UnitListResponse } from '@argus/contracts/http/units';
import type { DispatchStatus, UnitStatus } from '@argus/contracts/units';
import type { z } from 'zod';
import { newClientId } from '../../lib/outbox/client-id';
import type { OutboxItem } from '../../lib/outbox/outbox-item';
import { useOutboxDelivered, type OutboxView } from '../../lib/outbox/useOutbox';
import { messageQueries } from '../messages/messages.queries';
import { isNewerUnit } from '../units/units.live';
import { fieldUnitKeys } from './field-unit.queries';

export interface PositionFix {
  location: Location;
  heading: number | null;
  speed: number | null;
  at: number;
}

/** Every field action goes through the outbox: written on the device first, then sent. */
export function useFieldActions(outbox: OutboxView) {
  const { enqueue } = outbox;
  return useMemo(
    () => ({
      setUnitStatus: (unitId: string, status: UnitStatus) =>
        enqueue({ kind: 'unit-status', unitId, body: { clientId: newClientId(), status } }),
      setAssignmentStatus: (dispatchId: string, status: DispatchStatus) =>
        enqueue({ kind: 'dispatch-status', dispatchId, body: { clientId: newClientId(), status } }),
      postPosition: (unitId: string, fix: PositionFix) =>
        enqueue({
          kind: 'position',
          unitId,
          body: {
            clientId: newClientId(),
            location: fix.location,
            heading: fix.heading ?? undefined,
            speed: fix.speed ?? undefined,
            // The server refuses times ahead of its clock; a phone running fast is clamped there too.
            at: Math.round(fix.at),
          },
        }),
      raiseSos: (unitId: string, location: Location | undefined) =>
        enqueue({ kind: 'sos', unitId, body: { clientId: newClientId(), location } }),
    }),
    [enqueue],
  );
}

type UnitList = z.infer<typeof UnitListResponse>;
type AssignmentList = z.infer<typeof AssignmentListResponse>;

function patchUnit(queryClient: QueryClient, result: unknown): boolean {
  const parsed = UnitResponse.safeParse(result);
  if (!parsed.success) return false;
  const { unit } = parsed.data;
  queryClient.setQueryData<UnitList>(fieldUnitKeys.units, (data) =>
    data
      ? { ...data, units: data.units.map((candidate) => (candidate.id === unit.id && isNewerUnit(unit, candidate) ? unit : candidate)) }
      : data,
  );
  return true;
}

function patchAssignment(queryClient: QueryClient, result: unknown): void {
  const parsed = DispatchResponse.safeParse(result);
  if (!parsed.success) return;
  const { dispatch } = parsed.data;
  queryClient.setQueryData<AssignmentList>(fieldUnitKeys.assignments, (data) =>
    data
      ? {
          ...data,
          assignments: data.assignments.map((assignment) => (assignment.id === dispatch.id ? { ...assignment, ...dispatch } : assignment)),
        }
      : data,
  );
}

/** Brings the screens up to date with the server's answer each time the outbox delivers something. */
export function useDeliveredUpdates(): void {
  const queryClient = useQueryClient();
  const handleDelivered = useCallback(
    (item: OutboxItem, result: unknown) => {
      switch (item.action.kind) {
        case 'unit-status':
        case 'position':
        case 'sos':
          if (!patchUnit(queryClient, result)) void queryClient.invalidateQueries({ queryKey: fieldUnitKeys.units });
          return;
        case 'dispatch-status':
          patchAssignment(queryClient, result);
          // The unit's status moved with the assignment, in the same transaction.
          void queryClient.invalidateQueries({ queryKey: fieldUnitKeys.all });
          return;
        case 'report':
          // useReportDeliveredUpdates (features/reports) refreshes the reports.
          return;
        case 'message':
          void queryClient.invalidateQueries({ queryKey: messageQueries.all });
          return;
      }
    },
    [queryClient],
  );
  useOutboxDelivered(handleDelivered);
}
