import type { GeoJSONSource, LayerSpecification, MapLibreMap } from './maplibre';
import type { MapOverlay, OverlayData } from './overlay';

interface SourceState {
  overlay: MapOverlay;
  layerIds: string[];
  sentData: OverlayData;
}

export const layerId = (overlayId: string, localId: string) => `${overlayId}-${localId}`;

/**
 * Keeps MapLibre's sources and layers in step with the overlays a page passes: adds an overlay's
 * source and layers the first time it appears (in the page's drawing order), removes them when it
 * goes, and sends a source's data through `setData` as soon as the page hands new data. Layers
 * are fixed once added; only data changes. There is no throttle here: live data is already
 * batched before it reaches a page (the command dashboard's LiveCache flushes at most twice a
 * second), and a second throttle would only make a position wait twice.
 */
export class OverlaySync {
  private readonly states = new Map<string, SourceState>();
  private order: string[] = [];
  private disposed = false;

  constructor(private readonly map: MapLibreMap) {}

  /** Layer ids (global) whose features may be picked, topmost first. */
  pickableLayerIds(): string[] {
    const ids: string[] = [];
    for (const overlayId of [...this.order].reverse()) {
      const state = this.states.get(overlayId);
      if (!state) continue;
      const pickable = state.overlay.pickable ?? [];
      for (const local of [...state.overlay.layers].reverse()) {
        if (pickable.includes(local.id)) ids.push(layerId(overlayId, local.id));
      }
    }
    return ids;
  }

  /** Which overlay a global layer id belongs to. */
  overlayOfLayer(id: string): string | undefined {
    for (const [overlayId, state] of this.states) if (state.layerIds.includes(id)) return overlayId;
    return undefined;
  }

  sync(overlays: readonly MapOverlay[]): void {
    if (this.disposed) return;
    const wanted = new Set(overlays.map((overlay) => overlay.id));
    for (const [overlayId] of this.states) if (!wanted.has(overlayId)) this.remove(overlayId);
    this.order = overlays.map((overlay) => overlay.id);
    overlays.forEach((overlay, index) => {
      const state = this.states.get(overlay.id);
      if (!state) {
        this.add(overlay, this.firstLayerAfter(index, overlays));
        return;
      }
      state.overlay = overlay;
      if (overlay.data !== state.sentData) this.send(state, overlay.data);
    });
  }

  dispose(): void {
    this.disposed = true;
    this.states.clear();
  }

  private firstLayerAfter(index: number, overlays: readonly MapOverlay[]): string | undefined {
    for (const later of overlays.slice(index + 1)) {
      const state = this.states.get(later.id);
      if (state?.layerIds[0]) return state.layerIds[0];
    }
    return undefined;
  }

  private add(overlay: MapOverlay, beforeId: string | undefined): void {
    const { cluster } = overlay;
    this.map.addSource(overlay.id, {
      type: 'geojson',
      data: overlay.data,
      ...(cluster
        ? {
            cluster: true,
            clusterRadius: cluster.radius,
            clusterMaxZoom: cluster.maxZoom,
            ...(cluster.properties ? { clusterProperties: cluster.properties } : {}),
          }
        : {}),
    });
    const layerIds: string[] = [];
    for (const layer of overlay.layers) {
      const id = layerId(overlay.id, layer.id);
      const under = overlay.under?.[layer.id];
      const before = under && this.map.getLayer(under) ? under : beforeId;
      this.map.addLayer({ ...layer, id, source: overlay.id } as LayerSpecification, before);
      layerIds.push(id);
    }
    this.states.set(overlay.id, { overlay, layerIds, sentData: overlay.data });
  }

  private remove(overlayId: string): void {
    const state = this.states.get(overlayId);
    if (!state) return;
    for (const id of state.layerIds) if (this.map.getLayer(id)) this.map.removeLayer(id);
    if (this.map.getSource(overlayId)) this.map.removeSource(overlayId);
    this.states.delete(overlayId);
  }

  private send(state: SourceState, data: OverlayData): void {
    state.sentData = data;
    void this.map.getSource<GeoJSONSource>(state.overlay.id)?.setData(data);
  }
}
