import { describe, expect, it } from 'vitest';
import type { Unit } from '@argus/contracts/http/units';
import { selectionFor } from './map-selection';

const unit: Unit = {
  id: 'u1',
  callsign: 'E2E-1',
  kind: 'patrol',
  status: 'available',
  members: ['me'],
  position: null,
  emergency: null,
  updatedAt: 100,
};

describe('selectionFor', () => {
  it('finds a picked unit in the current list, emergencies included, and forgets one that is gone', () => {
    expect(selectionFor({ overlayId: 'emergencies', id: 'u1' }, { units: [unit], reports: [], alerts: [] })).toEqual({
      kind: 'unit',
      unit,
    });
    expect(selectionFor({ overlayId: 'units', id: 'u2' }, { units: [unit], reports: [], alerts: [] })).toBeNull();
    expect(selectionFor(null, { units: [unit], reports: [], alerts: [] })).toBeNull();
  });
});
