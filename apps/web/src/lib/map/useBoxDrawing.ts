import { useEffect, useRef, useState } from 'react';
import type { MapLibreMap } from './maplibre';
import type { Box } from './offline-tiles';

const BOX_STYLE = { fillColor: '#d4a72c', outlineColor: '#d4a72c', fillOpacity: 0.2, outlineWidth: 2 } as const;

/**
 * A box drawn on a map with terra-draw's rectangle mode: a tap (or click) for one corner, another
 * for the opposite one, the box following the pointer in between. terra-draw and its MapLibre
 * adapter load only when drawing starts. The finished box stays shown while `active` holds, and a
 * new one replaces it; `onBox` gets [west, south, east, north]. Answers whether the map takes a box
 * now (false while terra-draw loads), so the page says so only when it is true.
 */
export function useBoxDrawing(map: MapLibreMap | null, active: boolean, onBox: (box: Box) => void): boolean {
  const [ready, setReady] = useState(false);
  const onBoxRef = useRef(onBox);
  useEffect(() => {
    onBoxRef.current = onBox;
  });

  useEffect(() => {
    if (!map || !active) return undefined;
    let stopped = false;
    let started: { stop(): void } | null = null;
    void Promise.all([import('terra-draw'), import('terra-draw-maplibre-gl-adapter')]).then(([terra, adapter]) => {
      if (stopped) return;
      const draw = new terra.TerraDraw({
        adapter: new adapter.TerraDrawMapLibreGLAdapter({ map }),
        modes: [new terra.TerraDrawRectangleMode({ styles: BOX_STYLE })],
      });
      draw.start();
      draw.setMode('rectangle');
      draw.on('finish', (id) => {
        const feature = draw.getSnapshotFeature(id);
        if (feature?.geometry.type !== 'Polygon') return;
        // One box at a time: the one just drawn replaces any earlier.
        const others = draw
          .getSnapshot()
          .map((other) => other.id)
          .filter((other): other is string | number => other !== undefined && other !== id);
        if (others.length > 0) draw.removeFeatures(others);
        const ring = feature.geometry.coordinates[0] ?? [];
        const lons = ring.map(([lon = 0]) => lon);
        const lats = ring.map(([, lat = 0]) => lat);
        onBoxRef.current([Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)]);
      });
      started = draw;
      setReady(true);
    });
    return () => {
      stopped = true;
      started?.stop();
      setReady(false);
    };
  }, [map, active]);
  return ready;
}
