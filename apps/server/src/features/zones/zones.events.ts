import type { OperationalEvent } from '../../realtime/events';
import { presentZone } from './zones.presenter';
import type { ZoneRow } from './zones.repository';

/** Zones go to the shared "zones" channel (command and analysts); the rules engine listens on the bus. */
export const zoneEvents = {
  created: (row: ZoneRow): OperationalEvent => ({ type: 'zone.created', channels: ['zones'], data: presentZone(row) }),
  updated: (row: ZoneRow): OperationalEvent => ({ type: 'zone.updated', channels: ['zones'], data: presentZone(row) }),
};
