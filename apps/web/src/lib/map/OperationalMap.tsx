import { Component, lazy, Suspense, useContext, type ErrorInfo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { mayManageBasemaps } from '@argus/contracts/policies/basemaps';
import { mayManageHomeArea } from '@argus/contracts/policies/home-area';
import { AuthContext } from '../../features/auth/auth-context';
import { basemapQueries } from '../../features/basemaps/basemaps.queries';
import { describeError } from '../api-error';
import { Spinner } from '../../components/ui/Spinner';
import type { OperationalMapProps } from './map-props';
import { basemapOptions } from './basemap-choice';
import { configuredBasemap, mapConfigQuery } from './map-config';
import { offlineBasemaps } from './offline-areas';
import { useHomeArea } from './useHomeArea';

export type { OperationalMapProps } from './map-props';

// MapLibre and the basemap data load only when a map is first shown.
const MapEngine = lazy(async () => ({ default: (await import('./MapEngine')).MapEngine }));

/**
 * The operational map every page shares: the chosen street basemap over the offline world outline,
 * with the page's overlays on top (docs/decisions/0032-basemap-styles-and-switching.md).
 *
 * ```tsx
 * const overlays = useMemo(() => [incidentsOverlay(incidents), unitsOverlay(units, { now })], [incidents, units, now]);
 * <OperationalMap overlays={overlays} onPick={({ location, feature }) => …} className="h-96" />
 * ```
 * See overlay.ts for the vocabulary (source, layer, overlay) and overlays/ for the ready-made ones.
 */
export function OperationalMap(props: OperationalMapProps) {
  // The basemaps are known before the map starts, so it opens over the right one and its area.
  // A list that cannot be read, or waits for a signal, leaves the world outline alone until it
  // comes; the map then switches to it in place. Meanwhile the basemaps of the areas saved on this
  // device are drawn from their saved tiles (docs/decisions/0048-offline-map-area.md).
  const config = useQuery(mapConfigQuery);
  const list = useQuery(basemapQueries.list());
  const basemaps = basemapOptions(list.data?.basemaps ?? offlineBasemaps(), configuredBasemap(config.data));
  // And the home area, so a map with no subject of its own opens there, not on the world and then
  // jumps (docs/decisions/0058-home-area.md).
  const home = useHomeArea();
  const settled = config.isFetched && (list.isFetched || list.isError || list.fetchStatus === 'paused') && home.settled;
  // The notices link to Settings › Maps only for those who may act on them.
  const role = useContext(AuthContext)?.user?.role;
  const canManageBasemaps = mayManageBasemaps(role);
  const canManageHomeArea = mayManageHomeArea(role);
  return (
    <MapErrorBoundary className={props.className}>
      <Suspense fallback={<MapLoading className={props.className} />}>
        {settled ? (
          <MapEngine
            {...props}
            basemaps={basemaps}
            canManageBasemaps={canManageBasemaps}
            homeArea={home.homeArea}
            canManageHomeArea={canManageHomeArea}
          />
        ) : (
          <MapLoading className={props.className} />
        )}
      </Suspense>
    </MapErrorBoundary>
  );
}

function MapLoading({ className }: { className?: string }) {
  return (
    <div className={`flex items-center justify-center gap-3 bg-surface-sunken ${className ?? ''}`}>
      <Spinner />
      <span>Loading map...</span>
    </div>
  );
}

interface BoundaryState {
  error: unknown;
}

/** A map that cannot load (no WebGL, a chunk lost offline) leaves the rest of the page working. */
class MapErrorBoundary extends Component<{ className?: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Map failed', error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <div role="alert" className={`flex flex-col items-start justify-center gap-3 bg-surface-sunken p-4 ${this.props.className ?? ''}`}>
        <p className="text-danger">{`The map could not be shown: ${describeError(this.state.error)}`}</p>
        <button
          type="button"
          className="rounded-md border border-line px-3 py-2 hover:border-gold"
          onClick={() => this.setState({ error: null })}
        >
          Try again
        </button>
      </div>
    );
  }
}
