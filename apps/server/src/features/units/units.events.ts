import { channels } from '@argus/contracts/realtime/protocol';
import type { OperationalEvent } from '../../realtime/events';
import { presentUnit } from './units.presenter';
import type { UnitWithMembers } from './units.repository';

/** A unit's changes reach the roster and map ("units") and the unit's own crew. */
export const unitEvents = {
  created: (unit: UnitWithMembers): OperationalEvent => ({
    type: 'unit.created',
    channels: ['units', channels.unit(unit.id)],
    data: presentUnit(unit),
  }),
  updated: (unit: UnitWithMembers): OperationalEvent => ({
    type: 'unit.updated',
    channels: ['units', channels.unit(unit.id)],
    data: presentUnit(unit),
  }),
  position: (unit: UnitWithMembers): OperationalEvent => ({
    type: 'unit.position',
    channels: ['units', channels.unit(unit.id)],
    data: presentUnit(unit),
    priority: 'low',
  }),
};
