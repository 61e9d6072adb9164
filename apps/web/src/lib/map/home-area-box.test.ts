import { describe, expect, it } from 'vitest';
import { HomeAreaBox } from '@argus/contracts/http/home-area';
import { boundsOfHomeArea, homeAreaOfView, homeAreaToSave, isUnmoved } from './home-area-box';

describe('a map view as a home area', () => {
  it('keeps a view inside the world as it is, to a millionth of a degree', () => {
    expect(homeAreaOfView({ west: -0.1234567, south: 51.4, east: 0.05, north: 51.6 })).toEqual({
      west: -0.123457,
      south: 51.4,
      east: 0.05,
      north: 51.6,
    });
  });

  it('cuts a view zoomed out past the world to a box the server accepts', () => {
    const area = homeAreaOfView({ west: -400, south: -89, east: 390, north: 89.5 });
    expect(area).toEqual({ west: -180, south: -85, east: 180, north: 85 });
    expect(HomeAreaBox.safeParse(area).success).toBe(true);
  });

  it('gives MapLibre the box as south-west and north-east corners', () => {
    expect(boundsOfHomeArea({ west: 1, south: 2, east: 3, north: 4 })).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });
});

describe('what "Use the current map view" saves', () => {
  const area = { west: -0.2, south: 51.45, east: -0.05, north: 51.55 };
  const camera = { lng: -0.125, lat: 51.5, zoom: 11.2 };
  // The padded view the settings map opened on: larger than the area on every side.
  const view = { west: -0.23, south: 51.43, east: -0.02, north: 51.57 };

  it('keeps the outlined area while the map is unmoved since it opened on it, so saving again does not grow it', () => {
    expect(homeAreaToSave(view, { ...camera }, { area, camera }, { ...area })).toEqual(area);
  });

  it('takes the view once the map has moved', () => {
    const moved = { ...camera, zoom: 12 };
    expect(homeAreaToSave(view, moved, { area, camera }, area)).toEqual(view);
  });

  it('takes the view when the outline has been cleared or replaced since the map opened', () => {
    expect(homeAreaToSave(view, camera, { area, camera }, null)).toEqual(view);
    expect(homeAreaToSave(view, camera, { area, camera }, { ...area, west: -0.3 })).toEqual(view);
  });

  it('takes the view when the map opened on no area', () => {
    expect(homeAreaToSave(view, camera, null, null)).toEqual(view);
    expect(isUnmoved(camera, null)).toBe(false);
  });
});
