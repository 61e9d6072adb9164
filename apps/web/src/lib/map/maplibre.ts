import { setWorkerUrl } from 'maplibre-gl';
// The worker ships as its own module file; after a Vite build it is only found through its URL.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';

/**
 * The one place MapLibre GL is imported for its runtime. Only the lazily loaded map engine
 * imports this file, so pages without a map never download MapLibre (about 0.7 MB gzip-free).
 */
setWorkerUrl(workerUrl);

export { AttributionControl, Map as MapLibreMap, NavigationControl, ScaleControl } from 'maplibre-gl';
export type { GeoJSONSource, LayerSpecification, LngLatBounds, MapGeoJSONFeature } from 'maplibre-gl';
