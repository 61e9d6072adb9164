import { useEffect, useRef, useState } from 'react';
import type { Polygon } from 'geojson';
import type { ZoneGeometry } from '@argus/contracts/http/zones';
import { OperationalMap } from '../../lib/map/OperationalMap';
import type { MapLibreMap } from '../../lib/map/maplibre';
import type { MapFocus, MapOverlay, MapPick } from '../../lib/map/overlay';

/** What the map is drawing: nothing, a new polygon, or the reshaping of an existing one. */
export type DrawTask = { kind: 'none' } | { kind: 'draw' } | { kind: 'reshape'; geometry: Polygon };

export interface ZoneDrawMapProps {
  overlays: readonly MapOverlay[];
  task: DrawTask;
  /** The polygon as drawn or reshaped so far (each finished edit). */
  onShape: (geometry: ZoneGeometry) => void;
  onPick?: (pick: MapPick) => void;
  focus?: MapFocus | null;
  label: string;
  className?: string;
}

/**
 * The operational map with terra-draw on top while a zone is drawn or reshaped. terra-draw and
 * its MapLibre adapter load only when drawing starts; clicks on the map do not pick while drawing.
 */
export function ZoneDrawMap({ overlays, task, onShape, onPick, focus, label, className }: ZoneDrawMapProps) {
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const onShapeRef = useRef(onShape);
  useEffect(() => {
    onShapeRef.current = onShape;
  });
  const drawing = task.kind !== 'none';
  const reshapeKey = task.kind === 'reshape' ? JSON.stringify(task.geometry) : task.kind;

  useEffect(() => {
    if (!map || task.kind === 'none') return undefined;
    let stopped = false;
    let stop: (() => void) | null = null;
    void Promise.all([import('terra-draw'), import('terra-draw-maplibre-gl-adapter')]).then(([terra, adapter]) => {
      if (stopped) return;
      const draw = new terra.TerraDraw({
        adapter: new adapter.TerraDrawMapLibreGLAdapter({ map }),
        modes: [
          new terra.TerraDrawPolygonMode({ styles: { fillColor: '#d4a72c', outlineColor: '#d4a72c', fillOpacity: 0.25, outlineWidth: 2 } }),
          new terra.TerraDrawSelectMode({
            flags: { polygon: { feature: { draggable: true, coordinates: { midpoints: true, draggable: true, deletable: true } } } },
            styles: {
              selectedPolygonColor: '#d4a72c',
              selectedPolygonOutlineColor: '#d4a72c',
              selectionPointColor: '#ffffff',
              midPointColor: '#d4a72c',
            },
          }),
        ],
      });
      draw.start();
      const report = (id: string | number) => {
        const feature = draw.getSnapshotFeature(id);
        if (feature?.geometry.type === 'Polygon') onShapeRef.current({ type: 'Polygon', coordinates: feature.geometry.coordinates });
      };
      if (task.kind === 'reshape') {
        const id = crypto.randomUUID();
        draw.addFeatures([{ id, type: 'Feature', geometry: task.geometry, properties: { mode: 'polygon' } }]);
        draw.setMode('select');
        draw.selectFeature(id);
        draw.on('finish', (changed) => report(changed));
      } else {
        draw.setMode('polygon');
        draw.on('finish', (id, context) => {
          report(id);
          // One zone at a time: once the polygon is closed it is edited, not followed by another.
          if (context.action === 'draw') {
            draw.setMode('select');
            draw.selectFeature(id);
          }
        });
      }
      stop = () => draw.stop();
    });
    return () => {
      stopped = true;
      stop?.();
    };
    // The task's identity is its kind and, when reshaping, the starting geometry; a new map
    // (the tile source changed) takes the drawing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [reshapeKey, map]);

  return (
    <div className={className}>
      <OperationalMap
        overlays={overlays}
        onPick={drawing ? undefined : onPick}
        onMapReady={setMap}
        focus={focus}
        goTo
        viewInAddress
        label={label}
        className="h-full w-full"
      />
    </div>
  );
}
