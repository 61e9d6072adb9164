import { describe, expect, it } from 'vitest';
import type { TakPoint } from '@argus/contracts/http/tak-points';
import { TAK_CONTACT_COLOUR } from '../palette';
import { takPointsOverlay } from './tak-points';

const point = (overrides: Partial<TakPoint>): TakPoint => ({
  uid: 'spot-1',
  cotType: 'b-m-p-s-m',
  what: 'Spot map',
  callsign: 'R 1',
  remarks: '',
  location: { lat: 51.5, lon: -0.12 },
  colour: '#ff0000',
  iconsetPath: 'COT_MAPPING_SPOTMAP/b-m-p-s-m/-65536',
  placedBy: { uid: 'ANDROID-1', callsign: 'VIPER 1', unit: null, user: null },
  placedAt: 1_000,
  updatedAt: 1_000,
  staleAt: 5_000,
  ...overrides,
});

describe('the TAK points overlay', () => {
  it('draws each point by uid in its own colour with its callsign, violet when it has none', () => {
    const overlay = takPointsOverlay([point({}), point({ uid: 'wp-1', callsign: 'WP 1', colour: null })], 2_000);
    expect(overlay.data.features.map((feature) => feature.properties)).toEqual([
      { id: 'spot-1', label: 'R 1', colour: '#ff0000' },
      { id: 'wp-1', label: 'WP 1', colour: TAK_CONTACT_COLOUR },
    ]);
    expect(overlay.data.features[0]!.geometry).toEqual({ type: 'Point', coordinates: [-0.12, 51.5] });
  });

  it('leaves a point off once it is stale', () => {
    expect(takPointsOverlay([point({})], 4_999).data.features).toHaveLength(1);
    expect(takPointsOverlay([point({})], 5_000).data.features).toHaveLength(0);
  });
});
