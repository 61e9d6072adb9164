import { describe, expect, it } from 'vitest';
import type { TakContact } from '@argus/contracts/http/tak';
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
    expect(selectionFor({ overlayId: 'emergencies', id: 'u1' }, { units: [unit], reports: [], alerts: [], takContacts: [] })).toEqual({
      kind: 'unit',
      unit,
    });
    expect(selectionFor({ overlayId: 'units', id: 'u2' }, { units: [unit], reports: [], alerts: [], takContacts: [] })).toBeNull();
    expect(selectionFor(null, { units: [unit], reports: [], alerts: [], takContacts: [] })).toBeNull();
  });

  it('finds a picked TAK contact by uid while it is bound to no unit', () => {
    const contact: TakContact = {
      uid: 'ANDROID-1',
      callsign: 'VIPER 1',
      cotType: 'a-f-G-U-C',
      location: { lat: 1, lon: 2 },
      battery: null,
      lastSeen: 0,
      unit: null,
    };
    const lists = (takContacts: TakContact[]) => ({ units: [unit], reports: [], alerts: [], takContacts });
    const picked = { overlayId: 'tak-contacts', id: 'ANDROID-1' };
    expect(selectionFor(picked, lists([contact]))).toEqual({ kind: 'tak-contact', contact });
    expect(selectionFor(picked, lists([{ ...contact, unit: { id: 'u1', callsign: 'E2E-1' } }]))).toBeNull();
  });
});
