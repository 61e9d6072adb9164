import { useMemo } from 'react';
import type { Camera } from '@argus/contracts/http/cameras';
import { MapLegend } from '../../lib/map/MapLegend';
import { OperationalMap } from '../../lib/map/OperationalMap';
import type { MapFocus, MapPick } from '../../lib/map/overlay';
import { markerOverlay } from '../../lib/map/overlays/marker';
import { camerasOverlay, coverageOverlay } from './camera-overlays';

export interface CoverageMapProps {
  cameras: readonly Camera[];
  selectedId: string | null;
  /** The position being chosen in the add/edit form. */
  draftPoint: { lat: number; lon: number } | null;
  picking: boolean;
  focus: MapFocus | null;
  onPick: (pick: MapPick) => void;
  className?: string;
}

/** Where each camera is and what it sees (field-of-view wedges), its symbol by kind and health. */
export function CoverageMap({ cameras, selectedId, draftPoint, picking, focus, onPick, className }: CoverageMapProps) {
  const coverage = useMemo(() => coverageOverlay(cameras), [cameras]);
  const points = useMemo(() => camerasOverlay(cameras, selectedId), [cameras, selectedId]);
  const marker = useMemo(() => markerOverlay(draftPoint, 'Camera position', 'camera-draft'), [draftPoint]);
  const overlays = useMemo(() => [coverage, points, marker], [coverage, points, marker]);
  return (
    <div className={className}>
      <OperationalMap
        overlays={overlays}
        onPick={onPick}
        picking={picking}
        focus={focus}
        goTo
        viewInAddress
        label="Camera coverage map"
        className="h-full w-full"
      >
        <MapLegend parts={['cameras']} />
      </OperationalMap>
    </div>
  );
}
