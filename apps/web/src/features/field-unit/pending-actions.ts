import type { DispatchStatus, UnitStatus } from '@argus/contracts/units';
import type { OutboxItem } from '../../lib/outbox/outbox-item';
import { isPending } from '../../lib/outbox/schedule';

/**
 * What the screen shows before the server has confirmed it: the latest unsent choice wins over
 * the server's last word, marked as not yet sent.
 */
export function pendingUnitStatus(items: readonly OutboxItem[], unitId: string): UnitStatus | null {
  let status: UnitStatus | null = null;
  for (const item of items) {
    if (isPending(item) && item.action.kind === 'unit-status' && item.action.unitId === unitId) status = item.action.body.status;
  }
  return status;
}

export function pendingDispatchStatus(items: readonly OutboxItem[], dispatchId: string): DispatchStatus | null {
  let status: DispatchStatus | null = null;
  for (const item of items) {
    if (isPending(item) && item.action.kind === 'dispatch-status' && item.action.dispatchId === dispatchId)
      status = item.action.body.status;
  }
  return status;
}

export function hasPendingSos(items: readonly OutboxItem[], unitId: string): boolean {
  return items.some((item) => isPending(item) && item.action.kind === 'sos' && item.action.unitId === unitId);
}
