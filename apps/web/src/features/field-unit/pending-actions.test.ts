import { describe, expect, it } from 'vitest';
import type { DispatchStatus, UnitStatus } from '@argus/contracts/units';
import { newOutboxItem, type OutboxAction, type OutboxItem, type OutboxState } from '../../lib/outbox/outbox-item';
import { pendingDispatchStatuses, pendingUnitStatus } from './pending-actions';

let seq = 0;
function queued(action: OutboxAction, state: OutboxState = 'waiting'): OutboxItem {
  seq += 1;
  return { ...newOutboxItem('user-1', action, 1_000 + seq), seq, state };
}
const clientId = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;
const milestone = (status: DispatchStatus, dispatchId = 'd1'): OutboxAction => ({
  kind: 'dispatch-status',
  dispatchId,
  body: { clientId: clientId(), status },
});
const unitStatus = (status: UnitStatus): OutboxAction => ({ kind: 'unit-status', unitId: 'u1', body: { clientId: clientId(), status } });

describe('what the field phone shows before the server has it', () => {
  it('keeps every milestone tapped with no signal, in order, and none already sent or of another assignment', () => {
    const items = [
      queued(milestone('acknowledged'), 'sent'),
      queued(milestone('en_route')),
      queued(milestone('en_route', 'd2')),
      queued(milestone('on_scene')),
    ];
    expect(pendingDispatchStatuses(items, 'd1')).toEqual(['en_route', 'on_scene']);
  });

  it('moves the unit with its milestones, the latest unsent choice winning', () => {
    expect(pendingUnitStatus([queued(milestone('en_route')), queued(milestone('on_scene'))], 'u1', 'd1')).toBe('on_scene');
    expect(pendingUnitStatus([queued(milestone('on_scene')), queued(unitStatus('out_of_service'))], 'u1', 'd1')).toBe('out_of_service');
    expect(pendingUnitStatus([queued(unitStatus('out_of_service')), queued(milestone('cleared'))], 'u1', 'd1')).toBe('available');
    expect(pendingUnitStatus([queued(milestone('on_scene', 'd2'))], 'u1', 'd1')).toBeNull();
    expect(pendingUnitStatus([queued(milestone('on_scene'))], 'u1', null)).toBeNull();
  });
});
