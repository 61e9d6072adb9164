import { useRef, useState, useEffect } from 'react';
import { createPortal } from 'react-dom';
import type { Basemap } from '@argus/contracts/http/basemaps';
import type { HomeAreaResponse } from '@argus/contracts/http/home-area';
import { chosenBasemap, readBasemapChoice, writeBasemapChoice } from './basemap-choice';
import { lacksStreetMap } from './basemap-coverage';
import { BasemapSwitcher } from './BasemapSwitcher';
import { CoordinateReadout } from './CoordinateReadout';
import { MapGoTo } from './MapGoTo';
import { openingOf } from './map-opening';
import type { OperationalMapProps } from './map-props';
import { NoHomeAreaNotice } from './NoHomeAreaNotice';
import { NoStreetMapNotice } from './NoStreetMapNotice';
import { useMapCamera } from './useMapCamera';
import { useMapEngine } from './useMapEngine';

export interface MapEngineProps extends OperationalMapProps {
  /** The basemaps to offer, in order (basemap-choice.ts). */
  basemaps: readonly Basemap[];
  /** Command-level roles are pointed to where basemaps are added. */
  canManageBasemaps: boolean;
  /** Where a map with no subject of its own opens (docs/decisions/0058-home-area.md); null when it could not be read. */
  homeArea: HomeAreaResponse | null;
  /** Administrators are pointed to where the home area is set. */
  canManageHomeArea: boolean;
}

/**
 * The MapLibre map behind `<OperationalMap>`: loaded lazily with MapLibre itself. The map lives in
 * useMapEngine (outside React state, so live data never re-renders it), the overlays and camera
 * follow the props through useMapCamera, and this draws what lies over the map: failures, the
 * picking crosshair, the basemap switcher, the coordinate readout and the notices along its foot.
 */
export function MapEngine({
  overlays,
  onPick,
  onMapReady,
  picking = false,
  focus,
  initialView,
  opensOnData = false,
  basemaps,
  canManageBasemaps,
  homeArea,
  canManageHomeArea,
  goTo = false,
  viewInAddress = false,
  label = 'Operational map',
  className,
  children,
}: MapEngineProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [choice, setChoice] = useState(readBasemapChoice);
  const basemap = chosenBasemap(basemaps, choice);
  // Where the map opens, settled once when it starts: a home area saved later moves no open map.
  const [opening] = useState(() => openingOf({ initialView, focus, viewInAddress, opensOnData, homeArea }));
  const { engine, failure, readout, view, basemapFailure } = useMapEngine(containerRef, {
    onPick,
    onMapReady,
    picking,
    initialView,
    opening,
    basemap,
    basemaps,
    label,
    viewInAddress,
  });
  useMapCamera(engine, overlays, focus, Boolean(initialView || focus || opening.fixed));

  const chooseBasemap = (id: string) => {
    writeBasemapChoice(id);
    setChoice(id);
  };

  useEffect(() => {
    if (engine) engine.map.getCanvas().style.cursor = picking ? 'crosshair' : '';
  }, [engine, picking]);

  const noStreetMap = view !== null && lacksStreetMap(basemap, view);

  return (
    <div className={className}>
      <div className="flex h-full w-full flex-col overflow-hidden bg-[#0e1621]">
        <div className="relative min-h-0 w-full flex-1">
          {/* MapLibre makes its container position: relative, so it is sized, not inset. */}
          <div ref={containerRef} data-operational-map="" className="h-full w-full" />
          {failure ? (
            <p role="alert" className="absolute inset-x-4 top-4 rounded-md border border-danger bg-surface p-3 text-danger">
              {`The map could not start: ${failure}`}
            </p>
          ) : null}
          {picking ? (
            <div
              aria-hidden="true"
              className="pointer-events-none absolute left-1/2 top-1/2 z-10 size-8 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-gold"
            >
              <div className="absolute left-1/2 top-1/2 size-1 -translate-x-1/2 -translate-y-1/2 rounded-full bg-gold" />
            </div>
          ) : null}
          {basemapFailure ? (
            <p role="alert" className="absolute inset-x-4 top-14 z-10 rounded-md border border-danger bg-surface p-2 text-sm text-danger">
              {basemapFailure}
            </p>
          ) : null}
          {engine
            ? createPortal(<BasemapSwitcher options={basemaps} current={basemap} onChoose={chooseBasemap} />, engine.switcherCorner)
            : null}
          <CoordinateReadout point={readout} />
          {goTo && engine ? <MapGoTo map={engine.map} /> : null}
          {children}
        </div>
        {/* What the map lacks is said in a strip along its foot, never over the map: over it, on a
            phone, a notice covered the very shapes and controls the user came to see. */}
        {noStreetMap || opening.noHomeArea ? (
          <div className="shrink-0 space-y-0.5 border-t border-line bg-surface px-2 py-1 text-xs leading-snug">
            {noStreetMap ? <NoStreetMapNotice canManage={canManageBasemaps} /> : null}
            {opening.noHomeArea ? <NoHomeAreaNotice canManage={canManageHomeArea} /> : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
