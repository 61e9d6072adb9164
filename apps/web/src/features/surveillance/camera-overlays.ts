import type { ExpressionSpecification } from 'maplibre-gl';
import type { Camera, CameraStatus } from '@argus/contracts/http/cameras';
import { FONT_REGULAR } from '../../lib/map/fonts';
import { featureCollection, pointFeature, type MapOverlay, type OverlayData, type OverlayLayer } from '../../lib/map/overlay';
import { BASEMAP_COLOURS, SELECTED_COLOUR } from '../../lib/map/palette';
import { coverageWedge } from './coverage';

/** Health colours, shared by the map, the registry's badges and the legend. */
export const CAMERA_STATUS_COLOURS: Record<CameraStatus, string> = {
  online: '#69db7c',
  degraded: '#ffd43b',
  offline: '#868e96',
};

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

const CAMERA_LAYERS: OverlayLayer[] = [
  {
    id: 'symbol',
    type: 'circle',
    paint: {
      'circle-radius': ['case', ['get', 'selected'], 9, 7],
      'circle-color': statusColour,
      'circle-stroke-color': ['case', ['get', 'selected'], SELECTED_COLOUR, BASEMAP_COLOURS.halo],
      'circle-stroke-width': ['case', ['get', 'selected'], 3, 2],
    },
  },
  {
    id: 'label',
    type: 'symbol',
    layout: {
      'text-field': ['get', 'name'],
      'text-font': FONT_REGULAR,
      'text-size': 11,
      'text-anchor': 'top',
      'text-offset': [0, 0.9],
      'text-optional': true,
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

/** Cameras and sensors as dots coloured by health, the selected one ringed in gold. */
export function camerasOverlay(cameras: readonly Camera[], selectedId: string | null): MapOverlay {
  const features = cameras
    .filter((camera) => camera.active)
    .map((camera) =>
      pointFeature(camera.location.lat, camera.location.lon, {
        id: camera.id,
        name: camera.name,
        status: camera.status,
        selected: camera.id === selectedId,
      }),
    );
  return { id: 'cameras', data: featureCollection(features), layers: CAMERA_LAYERS, pickable: ['symbol'] };
}
