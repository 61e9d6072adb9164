import { describe, expect, it } from 'vitest';
import type { TakContact } from '@argus/contracts/http/tak';
import { takContactsOverlay } from './tak-contacts';
import { STALE_POSITION_MS } from './units';

const contact = (overrides: Partial<TakContact>): TakContact => ({
  uid: 'ANDROID-1',
  callsign: 'VIPER 1',
  cotType: 'a-f-G-U-C',
  location: { lat: 51.5, lon: -0.12 },
  battery: 76,
  lastSeen: 1_000,
  unit: null,
  ...overrides,
});

describe('the TAK contacts overlay', () => {
  it('draws unbound contacts by uid with their callsign, and leaves bound ones to their unit', () => {
    const overlay = takContactsOverlay(
      [contact({}), contact({ uid: 'ANDROID-2', callsign: 'HAWK 2', unit: { id: 'u1', callsign: 'MEDIC 4' } })],
      2_000,
    );
    expect(overlay.data.features).toHaveLength(1);
    expect(overlay.data.features[0]!.properties).toEqual({ id: 'ANDROID-1', callsign: 'VIPER 1', label: 'VIPER 1', stale: false });
    expect(overlay.data.features[0]!.geometry).toEqual({ type: 'Point', coordinates: [-0.12, 51.5] });
  });

  it('marks a contact not heard for longer than the stale span', () => {
    const overlay = takContactsOverlay([contact({})], 1_000 + STALE_POSITION_MS + 1);
    expect(overlay.data.features[0]!.properties).toMatchObject({ stale: true, label: 'VIPER 1 (stale)' });
    expect(takContactsOverlay([contact({})], 1_000 + STALE_POSITION_MS).data.features[0]!.properties.stale).toBe(false);
  });
});
