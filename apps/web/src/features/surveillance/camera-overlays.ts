import type { ExpressionSpecification } from 'maplibre-gl';
import type { Camera } from '@argus/contracts/http/cameras';
import { cameraSymbolName } from '../../lib/map/camera-symbols';
import { FONT_REGULAR } from '../../lib/map/fonts';
import { featureCollection, pointFeature, type MapOverlay, type OverlayData, type OverlayLayer } from '../../lib/map/overlay';
import { fromZoom, labelLayout } from '../../lib/map/label-layout';
import { BASEMAP_COLOURS, CAMERA_STATUS_COLOURS, SELECTED_COLOUR } from '../../lib/map/palette';
import { coverageWedge } from './coverage';

const statusColour: ExpressionSpecification = [
  'match',
  ['get', 'status'],
  'online',
  CAMERA_STATUS_COLOURS.online,
  'degraded',
  CAMERA_STATUS_COLOURS.degraded,
  CAMERA_STATUS_COLOURS.offline,
];

const COVERAGE_LAYERS: OverlayLayer[] = [
  { id: 'fill', type: 'fill', paint: { 'fill-color': statusColour, 'fill-opacity': 0.18 } },
  { id: 'edge', type: 'line', paint: { 'line-color': statusColour, 'line-width': 1.5, 'line-opacity': 0.8 } },
];

/** Camera names appear from this zoom (a district) on. */
const CAMERA_LABEL_MIN_ZOOM = 11;

const CAMERA_LAYERS: OverlayLayer[] = [
  {
    id: 'selected',
    type: 'circle',
    filter: ['get', 'selected'],
    paint: { 'circle-radius': 18, 'circle-color': 'rgba(0,0,0,0)', 'circle-stroke-color': SELECTED_COLOUR, 'circle-stroke-width': 3 },
  },
  {
    // The device's symbol by kind and health (camera-symbols.ts), its name beside it.
    id: 'symbol',
    type: 'symbol',
    layout: {
      ...labelLayout(fromZoom(CAMERA_LABEL_MIN_ZOOM, ['get', 'name']), 1.5),
      'icon-image': ['get', 'symbol'],
      'text-font': FONT_REGULAR,
      'text-size': 11,
    },
    paint: { 'text-color': '#e9e9ea', 'text-halo-color': BASEMAP_COLOURS.halo, 'text-halo-width': 1.5 },
  },
];

/** Each active camera's field of view (a wedge from heading, fov and range), coloured by health. */
export function coverageOverlay(cameras: readonly Camera[]): MapOverlay {
  const features = cameras
    .filter((camera) => camera.active && camera.kind === 'camera')
    .map((camera) => ({ ...coverageWedge(camera), properties: { id: camera.id, status: camera.status } }));
  const data: OverlayData = { type: 'FeatureCollection', features };
  return { id: 'coverage', data, layers: COVERAGE_LAYERS };
}

/** Cameras and sensors as sensor symbols by kind and health, the selected one ringed in gold. */
export function camerasOverlay(cameras: readonly Camera[], selectedId: string | null): MapOverlay {
  const features = cameras
    .filter((camera) => camera.active)
    .map((camera) =>
      pointFeature(camera.location.lat, camera.location.lon, {
        id: camera.id,
        name: camera.name,
        status: camera.status,
        symbol: cameraSymbolName(camera.kind, camera.status),
        selected: camera.id === selectedId,
      }),
    );
  return { id: 'cameras', data: featureCollection(features), layers: CAMERA_LAYERS, pickable: ['symbol'] };
}
