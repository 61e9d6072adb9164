import type { LngLatBoundsLike } from 'maplibre-gl';
import type { Basemap } from '@argus/contracts/http/basemaps';
import type { HomeAreaBox, HomeAreaResponse } from '@argus/contracts/http/home-area';
import { defaultBasemap } from './basemap-choice';
import { boundsOfHomeArea } from './home-area-box';
import type { OperationalMapProps } from './map-props';
import { addressHoldsView } from './view-in-address';

export interface MapOpening {
  /** The box to open on, when the map has no subject of its own and a home area is known. */
  home: HomeAreaBox | null;
  /** The view is settled (the address or the home area): the first data is not fitted. */
  fixed: boolean;
  /** The map had no subject and there is no home area at all. */
  noHomeArea: boolean;
}

/**
 * Where a map opens (docs/decisions/0058-home-area.md). A view in the address (a shared link, a
 * reload), a start view, a focus or data that is the map's subject come first; any other map opens
 * on the operation's home area and stays there as its data comes, or, with none, says so.
 */
export function openingOf(
  props: Pick<OperationalMapProps, 'initialView' | 'focus' | 'viewInAddress' | 'opensOnData'> & { homeArea: HomeAreaResponse | null },
): MapOpening {
  const viewInAddress = Boolean(props.viewInAddress) && addressHoldsView();
  const ownSubject = Boolean(props.initialView || props.focus || viewInAddress || props.opensOnData);
  const home = ownSubject ? null : (props.homeArea?.area ?? null);
  return { home, fixed: viewInAddress || home !== null, noHomeArea: !ownSubject && props.homeArea?.source === 'none' };
}

/**
 * The area a map without a start view opens over: the home area; with none, the basemap's own area
 * rather than the middle of the world. Null for a map with a start view, or nothing to go by.
 */
export function openingArea(start: {
  initialView?: OperationalMapProps['initialView'];
  opening: MapOpening;
  basemap: Basemap | null;
  basemaps: readonly Basemap[];
}): LngLatBoundsLike | null {
  if (start.initialView) return null;
  if (start.opening.home) return boundsOfHomeArea(start.opening.home);
  return start.basemap?.bounds ?? defaultBasemap(start.basemaps)?.bounds ?? null;
}
