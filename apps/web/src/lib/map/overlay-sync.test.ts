import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MapLibreMap } from './maplibre';
import { featureCollection, pointFeature, type MapOverlay } from './overlay';
import { OverlaySync } from './overlay-sync';

/** Just the part of MapLibre's Map that OverlaySync uses, recording what it is asked to do. */
function fakeMap() {
  const calls: string[] = [];
  const sent: Array<{ source: string; size: number }> = [];
  const sources = new Set<string>();
  const layers: string[] = [];
  const map = {
    addSource: (id: string) => {
      sources.add(id);
      calls.push(`addSource ${id}`);
    },
    addLayer: (layer: { id: string }, beforeId?: string) => {
      const index = beforeId ? layers.indexOf(beforeId) : -1;
      if (index >= 0) layers.splice(index, 0, layer.id);
      else layers.push(layer.id);
    },
    getLayer: (id: string) => (layers.includes(id) ? {} : undefined),
    removeLayer: (id: string) => layers.splice(layers.indexOf(id), 1),
    getSource: (id: string) =>
      sources.has(id)
        ? {
            setData: (data: { features: unknown[] }) => {
              sent.push({ source: id, size: data.features.length });
              return Promise.resolve();
            },
          }
        : undefined,
    removeSource: (id: string) => sources.delete(id),
  };
  return { map: map as unknown as MapLibreMap, calls, sent, layers };
}

const overlay = (id: string, count: number): MapOverlay => ({
  id,
  data: featureCollection(Array.from({ length: count }, (_, index) => pointFeature(0, index, { id: String(index) }))),
  layers: [
    { id: 'point', type: 'circle' },
    { id: 'label', type: 'symbol' },
  ],
  pickable: ['point'],
});

describe('OverlaySync', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  it('adds overlays in drawing order, also when one arrives later', () => {
    const { map, layers } = fakeMap();
    const sync = new OverlaySync(map);
    sync.sync([overlay('incidents', 1), overlay('emergencies', 1)]);
    sync.sync([overlay('reports', 1), overlay('incidents', 1), overlay('emergencies', 1)]);
    expect(layers).toEqual([
      'reports-point',
      'reports-label',
      'incidents-point',
      'incidents-label',
      'emergencies-point',
      'emergencies-label',
    ]);
    expect(sync.pickableLayerIds()).toEqual(['emergencies-point', 'incidents-point', 'reports-point']);
    expect(sync.overlayOfLayer('incidents-label')).toBe('incidents');
  });

  it('sends new data at once, without waiting on a timer of its own (live data is batched before it reaches the page)', () => {
    const { map, sent } = fakeMap();
    const sync = new OverlaySync(map);
    sync.sync([overlay('units', 1), overlay('alerts', 1)]);
    sync.sync([overlay('units', 2), overlay('alerts', 1)]);
    expect(sent).toEqual([
      { source: 'units', size: 2 },
      { source: 'alerts', size: 1 },
    ]);
    sync.sync([overlay('units', 3)]);
    expect(sent.at(-1)).toEqual({ source: 'units', size: 3 });
  });

  it('sends nothing when the same data is passed again, and removes overlays that are gone', () => {
    const { map, sent, layers } = fakeMap();
    const sync = new OverlaySync(map);
    const units = overlay('units', 3);
    sync.sync([units, overlay('alerts', 1)]);
    sync.sync([units]);
    vi.advanceTimersByTime(1_000);
    expect(sent).toEqual([]);
    expect(layers).toEqual(['units-point', 'units-label']);
  });

  it("puts a layer under another overlay's layer when asked and that layer is there, else with its own", () => {
    const { map, layers } = fakeMap();
    const sync = new OverlaySync(map);
    const lifted: MapOverlay = { ...overlay('top', 1), under: { label: 'base-point' } };
    sync.sync([overlay('base', 1), lifted]);
    expect(layers).toEqual(['top-label', 'base-point', 'base-label', 'top-point']);
    // Without the other overlay, the layer stays with its own.
    const other = fakeMap();
    new OverlaySync(other.map).sync([lifted]);
    expect(other.layers).toEqual(['top-point', 'top-label']);
  });
});
