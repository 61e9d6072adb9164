import { describe, expect, it } from 'vitest';
import type { Unit } from '@argus/contracts/http/units';
import { UNIT_KINDS, UNIT_STATUSES } from '@argus/contracts/units';
import type { MapImage } from './images';
import type { MapLibreMap } from './maplibre';
import { emergencyOverlay, unitsOverlay } from './overlays/units';
import { provideSymbolImages } from './symbol-images';
import { unitSidcs, unitSymbolFromName, unitSymbolName } from './unit-symbols';

/** A table giving each kind its own code, as the seeded one does. */
const ENTITIES = ['200000', '141000', '161300', '141800', '140100', '110000', '121900', '000000'];
const TABLE = UNIT_KINDS.map((kind, index) => ({ kind, sidc: `1003100000${ENTITIES[index]}0000` }));
const sidcs = unitSidcs(TABLE);

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
    const features = [...unitsOverlay(units, { now: NOW, sidcs }).data.features, ...emergencyOverlay(units, sidcs).data.features];
    expect(features).toHaveLength(10_000);
    // Every feature asks, twice over as after a position update: nothing is drawn twice.
    for (const feature of [...features, ...features]) ask(String(feature.properties.symbol));
    const looks = new Set(units.map((unit) => unitSymbolName(sidcs(unit.kind), unit.status, unit.emergency !== null)));
    // 8 kinds and 6 statuses cycle together: 24 looks, and one SOS look (every 1000th unit is a patrol).
    expect(looks.size).toBe(25);
    expect([...drawn].sort()).toEqual([...looks].sort());
    expect([...images.keys()].sort()).toEqual([...looks].sort());

    // An administrator gives patrols another code: only the patrols' new looks are drawn, once each.
    const edited = unitSidcs(TABLE.map((entry) => (entry.kind === 'patrol' ? { ...entry, sidc: '10031000002002000000' } : entry)));
    const after = [...unitsOverlay(units, { now: NOW, sidcs: edited }).data.features, ...emergencyOverlay(units, edited).data.features];
    for (const feature of [...after, ...after]) ask(String(feature.properties.symbol));
    const patrolLooks = new Set(
      units.filter((unit) => unit.kind === 'patrol').map((unit) => unitSymbolName(edited('patrol'), unit.status, unit.emergency !== null)),
    );
    expect(drawn).toHaveLength(looks.size + patrolLooks.size);
    expect([...patrolLooks].every((name) => images.has(name))).toBe(true);
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
