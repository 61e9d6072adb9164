import { describe, expect, it } from 'vitest';
import type { Unit } from '@argus/contracts/http/units';
import { UNIT_KINDS, UNIT_STATUSES } from '@argus/contracts/units';
import type { MapImage } from './images';
import type { MapLibreMap } from './maplibre';
import { emergencyOverlay, unitsOverlay } from './overlays/units';
import { provideSymbolImages } from './symbol-images';
import { unitSymbolFromName, unitSymbolName } from './unit-symbols';

/** Just the image part of MapLibre's Map: its images, and the resolver it calls when a layer names a missing one. */
function fakeMap() {
  const images = new Map<string, { width: number; pixelRatio: number }>();
  let resolver: ((id: string) => void | Promise<void>) | null = null;
  const map = {
    setMissingStyleImageResolver: (next: typeof resolver) => {
      resolver = next;
    },
    hasImage: (id: string) => images.has(id),
    addImage: (id: string, image: { width: number }, options: { pixelRatio: number }) => {
      if (images.has(id)) throw new Error(`An image named ${id} already exists.`);
      images.set(id, { width: image.width, pixelRatio: options.pixelRatio });
    },
  };
  /**
   * A tile asking for an image it lacks. Each tile that needs an image asks for it, and several
   * may ask before the first answer lands, so here every ask reaches the resolver.
   */
  const ask = (id: string) => void resolver?.(id);
  return {
    map: map as unknown as Pick<MapLibreMap, 'setMissingStyleImageResolver' | 'hasImage' | 'addImage'>,
    images,
    ask,
    resolving: () => resolver !== null,
  };
}

/** Stands in for the canvas drawing (there is no canvas under Node): a 1×1 image for unit names, counted. */
function countingDraw() {
  const drawn: string[] = [];
  const draw = (name: string): MapImage | null => {
    drawn.push(name);
    return unitSymbolFromName(name) ? { name, width: 1, height: 1, data: new Uint8ClampedArray(4), pixelRatio: 2 } : null;
  };
  return { draw, drawn };
}

const NOW = 1_000_000_000;

describe('symbol images', () => {
  it('draws each distinct unit symbol once for 10,000 units', () => {
    const units: Unit[] = Array.from({ length: 10_000 }, (_, index) => ({
      id: String(index),
      callsign: `U-${index}`,
      kind: UNIT_KINDS[index % UNIT_KINDS.length]!,
      status: UNIT_STATUSES[index % UNIT_STATUSES.length]!,
      members: [],
      position: { location: { lat: (index % 170) - 85, lon: (index % 360) - 180 }, heading: null, speed: null, at: NOW },
      emergency: index % 1000 === 0 ? { since: NOW, raisedBy: 'crew', location: null } : null,
      updatedAt: NOW,
    }));
    const { map, images, ask } = fakeMap();
    const { draw, drawn } = countingDraw();
    provideSymbolImages(map, draw);
    const features = [...unitsOverlay(units, { now: NOW }).data.features, ...emergencyOverlay(units).data.features];
    expect(features).toHaveLength(10_000);
    // Every feature asks, twice over as after a position update: nothing is drawn twice.
    for (const feature of [...features, ...features]) ask(String(feature.properties.symbol));
    const looks = new Set(units.map((unit) => unitSymbolName(unit.kind, unit.status, unit.emergency !== null)));
    // 8 kinds and 6 statuses cycle together: 24 looks, and one SOS look (every 1000th unit is a patrol).
    expect(looks.size).toBe(25);
    expect([...drawn].sort()).toEqual([...looks].sort());
    expect([...images.keys()].sort()).toEqual([...looks].sort());
  });

  it('does not draw again a name it cannot draw, and stops resolving when asked', () => {
    const { map, images, ask, resolving } = fakeMap();
    const { draw, drawn } = countingDraw();
    const stop = provideSymbolImages(map, draw);
    ask('someone-elses-image');
    ask('someone-elses-image');
    expect(drawn).toEqual(['someone-elses-image']);
    expect(images.size).toBe(0);
    stop();
    expect(resolving()).toBe(false);
  });
});
