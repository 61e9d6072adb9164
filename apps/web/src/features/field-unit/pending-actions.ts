import { UNIT_STATUS_FOR_DISPATCH, type DispatchStatus, type UnitStatus } from '@argus/contracts/units';
import type { OutboxItem } from '../../lib/outbox/outbox-item';
import { isPending } from '../../lib/outbox/schedule';

/**
 * What the screen shows before the server has confirmed it: the latest unsent choice wins over
 * the server's last word, marked as not yet sent.
 */
export function pendingUnitStatus(items: readonly OutboxItem[], unitId: string, dispatchId: string | null): UnitStatus | null {
  let status: UnitStatus | null = null;
  for (const item of items) {
    if (!isPending(item)) continue;
    if (item.action.kind === 'unit-status' && item.action.unitId === unitId) status = item.action.body.status;
    // A milestone moves the unit too (as the server does in the same transaction): "On scene"
    // tapped with no signal had the unit still read "Dispatched" above it.
    if (item.action.kind === 'dispatch-status' && item.action.dispatchId === dispatchId)
      status = UNIT_STATUS_FOR_DISPATCH[item.action.body.status];
  }
  return status;
}

/** The milestones tapped and not yet sent, in the order they were tapped. */
export function pendingDispatchStatuses(items: readonly OutboxItem[], dispatchId: string): DispatchStatus[] {
  return items.flatMap((item) =>
    isPending(item) && item.action.kind === 'dispatch-status' && item.action.dispatchId === dispatchId ? [item.action.body.status] : [],
  );
}

export function hasPendingSos(items: readonly OutboxItem[], unitId: string): boolean {
  return items.some((item) => isPending(item) && item.action.kind === 'sos' && item.action.unitId === unitId);
}
