import { describe, expect, it } from 'vitest';
import type { TakContact } from '@argus/contracts/http/tak';
import type { TakPoint } from '@argus/contracts/http/tak-points';
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
    expect(
      selectionFor({ overlayId: 'emergencies', id: 'u1' }, { units: [unit], reports: [], alerts: [], takContacts: [], takPoints: [] }),
    ).toEqual({
      kind: 'unit',
      unit,
    });
    expect(
      selectionFor({ overlayId: 'units', id: 'u2' }, { units: [unit], reports: [], alerts: [], takContacts: [], takPoints: [] }),
    ).toBeNull();
    expect(selectionFor(null, { units: [unit], reports: [], alerts: [], takContacts: [], takPoints: [] })).toBeNull();
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
    const lists = (takContacts: TakContact[]) => ({ units: [unit], reports: [], alerts: [], takContacts, takPoints: [] });
    const picked = { overlayId: 'tak-contacts', id: 'ANDROID-1' };
    expect(selectionFor(picked, lists([contact]))).toEqual({ kind: 'tak-contact', contact });
    expect(selectionFor(picked, lists([{ ...contact, unit: { id: 'u1', callsign: 'E2E-1' } }]))).toBeNull();
  });

  it('finds a picked TAK point by uid, and forgets one deleted since', () => {
    const point: TakPoint = {
      uid: 'spot-1',
      cotType: 'b-m-p-s-m',
      what: 'Spot map',
      callsign: 'R 1',
      remarks: '',
      location: { lat: 1, lon: 2 },
      colour: '#ff0000',
      iconsetPath: null,
      placedBy: { uid: 'ANDROID-1', callsign: null, unit: null, user: null },
      placedAt: 0,
      updatedAt: 0,
      staleAt: 10,
    };
    const lists = (takPoints: TakPoint[]) => ({ units: [], reports: [], alerts: [], takContacts: [], takPoints });
    const picked = { overlayId: 'tak-points', id: 'spot-1' };
    expect(selectionFor(picked, lists([point]))).toEqual({ kind: 'tak-point', point });
    expect(selectionFor(picked, lists([]))).toBeNull();
  });
});
