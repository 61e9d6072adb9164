import { useEffect, useRef } from 'react';
import { fitTo, boundsOf, stillFitted, type Fitted } from './map-fit';
import type { MapFocus, MapOverlay } from './overlay';
import { prefersReducedMotion } from './reduced-motion';
import type { Engine } from './useMapEngine';

/**
 * Keeps the overlays drawn and moves the camera: to the first data, unless the view was settled
 * when the map opened (`settled`: a start view, a focus, the address or the home area), and to each
 * new focus.
 */
export function useMapCamera(engine: Engine | null, overlays: readonly MapOverlay[], focus: MapFocus | null | undefined, settled: boolean) {
  const hasFitted = useRef(settled);
  // The bounds the map was fitted to, kept while the user has not moved it: a map that gets its
  // final size after the fit (a phone's narrow column, a window turned) is fitted again.
  const fittedTo = useRef<Fitted | null>(null);
  const latestFocus = useRef(focus);
  useEffect(() => {
    latestFocus.current = focus;
  });

  useEffect(() => {
    if (!engine) return;
    const refit = () => {
      const fitted = fittedTo.current;
      if (fitted && stillFitted(engine.map, fitted)) fittedTo.current = fitTo(engine.map, fitted.bounds);
    };
    engine.map.on('resize', refit);
    return () => {
      engine.map.off('resize', refit);
    };
  }, [engine]);

  useEffect(() => {
    if (!engine) return;
    engine.sync.sync(overlays);
    if (hasFitted.current) return;
    const bounds = boundsOf(overlays);
    if (!bounds) return;
    hasFitted.current = true;
    fittedTo.current = fitTo(engine.map, bounds);
  }, [engine, overlays]);

  // Only a new key moves the camera: the same focus re-rendered must not fight the user's panning.
  const focusKey = focus?.key;
  useEffect(() => {
    const focus = latestFocus.current;
    if (!engine || !focus) return;
    hasFitted.current = true;
    const zoom = Math.max(engine.map.getZoom(), focus.zoom ?? 12);
    const center: [number, number] = [focus.location.lon, focus.location.lat];
    if (prefersReducedMotion()) engine.map.jumpTo({ center, zoom });
    else engine.map.flyTo({ center, zoom, duration: 800 });
  }, [engine, focusKey]);
}
