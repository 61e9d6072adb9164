import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Basemap } from '@argus/contracts/http/basemaps';
import { QueryProblem } from '../../components/ui/QueryProblem';
import { AddBasemapFile } from './AddBasemapFile';
import { AddOnlineBasemap } from './AddOnlineBasemap';
import { BasemapRow } from './BasemapRow';
import { CoverageMap } from './CoverageMap';
import { RemoveBasemapDialog } from './RemoveBasemapDialog';
import { basemapQueries } from './basemaps.queries';

/** The section's anchor: "Settings › Maps" links to /settings#maps. */
export const MAPS_SECTION_ID = 'maps';

/**
 * Settings › Maps, for the roles that manage basemaps (docs/decisions/0029-basemaps-served-by-argus.md):
 * the street basemaps in the order the maps offer them, their coverage, and adding, renaming,
 * reordering, choosing the default and removing them. `children` (the home area and the unit symbols) follow in the same section.
 */
export function MapsSection({ children }: { children?: ReactNode }) {
  const basemaps = useQuery(basemapQueries.list());
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Basemap | null>(null);
  const section = useRef<HTMLElement>(null);

  // The page renders after the session check, too late for the browser's own jump to #maps.
  useEffect(() => {
    if (window.location.hash === `#${MAPS_SECTION_ID}`) section.current?.scrollIntoView();
  }, []);

  const list = basemaps.data?.basemaps ?? [];
  return (
    <section ref={section} id={MAPS_SECTION_ID} aria-labelledby="maps-heading" className="scroll-mt-4 space-y-4">
      <h2 id="maps-heading" className="text-xl font-semibold">
        Maps
      </h2>
      <p className="text-ink-muted">
        Street basemaps for every map in Argus, in the order the maps offer them. Every map opens on the default; the world outline stays
        underneath wherever no basemap covers the view.
      </p>
      <QueryProblem query={basemaps} loading="Loading basemaps..." what="the basemaps" />
      {basemaps.isSuccess ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <div className="space-y-3">
            {list.length === 0 ? (
              <p className="rounded-lg border border-line p-4">
                No basemaps yet: the maps show only the world outline. Add a file or an online source below.
              </p>
            ) : (
              <ol aria-label="Basemaps" className="space-y-3">
                {list.map((basemap, index) => (
                  <BasemapRow
                    key={basemap.id}
                    basemap={basemap}
                    index={index}
                    count={list.length}
                    selected={basemap.id === selectedId}
                    onSelect={setSelectedId}
                    onRemove={setRemoving}
                  />
                ))}
              </ol>
            )}
          </div>
          <div className="lg:sticky lg:top-4 lg:self-start">
            <CoverageMap basemaps={list} selectedId={selectedId} onSelect={setSelectedId} />
          </div>
        </div>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <AddBasemapFile />
        <AddOnlineBasemap />
      </div>
      <RemoveBasemapDialog basemap={removing} onClose={() => setRemoving(null)} />
      {children}
    </section>
  );
}
