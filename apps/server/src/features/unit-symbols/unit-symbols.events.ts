import type { UnitSymbolsResponse } from '@argus/contracts/http/unit-symbols';
import type { OperationalEvent } from '../../realtime/events';

/** The saved table goes to the "units" channel, where every map that draws units listens. */
export const unitSymbolEvents = {
  updated: (table: UnitSymbolsResponse): OperationalEvent => ({ type: 'symbology.updated', channels: ['units'], data: table }),
};
