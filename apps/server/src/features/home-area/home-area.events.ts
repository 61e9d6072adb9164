import type { HomeAreaResponse } from '@argus/contracts/http/home-area';
import type { OperationalEvent } from '../../realtime/events';

/** A set or cleared home area goes to the "units" channel, as the unit symbol table does: open pages keep it for the next map they open. */
export const homeAreaEvents = {
  updated: (homeArea: HomeAreaResponse): OperationalEvent => ({ type: 'home-area.updated', channels: ['units'], data: homeArea }),
};
