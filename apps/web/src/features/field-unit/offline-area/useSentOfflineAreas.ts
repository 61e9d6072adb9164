import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { OfflineAreaTooBigError, deleteOfflineArea, saveOfflineArea } from '../../../lib/map/offline-areas';
import { zoomsToSave } from '../../../lib/map/offline-tiles';
import { useOnline } from '../../../lib/useOnline';
import { basemapQueries } from '../../basemaps/basemaps.queries';
import { sentOfflineAreaQueries } from '../../offline-areas/offline-areas.queries';
import { useOfflineAreas } from './useOfflineAreas';

export interface SentAreaSaving {
  label: string;
  done: number;
  total: number;
}

export interface SentAreasState {
  saving: SentAreaSaving | null;
  problem: string | null;
}

/**
 * Keeps on this phone the map areas command sent to its unit
 * (docs/decisions/0057-offline-areas-sent-by-command.md): each one not yet here is saved, one at a
 * time, whenever there is a connection; one command withdrew is deleted. An area that failed is
 * tried again when the connection comes back.
 */
export function useSentOfflineAreas(unitId: string | null): SentAreasState {
  const sent = useQuery({ ...sentOfflineAreaQueries.forUnit(unitId ?? ''), enabled: unitId !== null });
  const basemaps = useQuery(basemapQueries.list());
  const local = useOfflineAreas();
  const online = useOnline();
  const [state, setState] = useState<SentAreasState>({ saving: null, problem: null });
  const busy = useRef(false);
  // Bumped after each attempt, so the next area waiting is taken up even when nothing else changed.
  const [attempts, setAttempts] = useState(0);
  const failed = useRef(new Set<string>());
  // Too big for the phone: not fetched again on every reconnect, only if command sends another.
  const tooBig = useRef(new Set<string>());

  useEffect(() => {
    if (online) failed.current.clear();
  }, [online]);

  useEffect(() => {
    // Only the server's own answer says what was withdrawn, not a list kept from before a reload.
    if (!sent.data || !sent.isFetchedAfterMount || busy.current) return;
    // Only this unit's: a crew member of several units keeps each one's areas while viewing another.
    for (const area of local) {
      if (area.sentId && area.sentToUnit === unitId && !sent.data.some((candidate) => candidate.id === area.sentId))
        void deleteOfflineArea(area.id);
    }
    if (!online || !basemaps.data) return;
    const next = sent.data.find(
      (area) => !failed.current.has(area.id) && !tooBig.current.has(area.id) && !local.some((saved) => saved.sentId === area.id),
    );
    if (!next) return;
    const basemap = basemaps.data.basemaps.find((candidate) => candidate.id === next.basemapId);
    if (!basemap) {
      failed.current.add(next.id);
      setState({ saving: null, problem: `The map area “${next.label}” uses a street map that is no longer available.` });
      return;
    }
    busy.current = true;
    setState({ saving: { label: next.label, done: 0, total: 0 }, problem: null });
    saveOfflineArea({
      label: next.label,
      basemap,
      box: next.box,
      zooms: zoomsToSave(basemap),
      sent: { id: next.id, unitId: next.unitId },
      onProgress: (done, total) => setState({ saving: { label: next.label, done, total }, problem: null }),
    })
      .then(() => setState({ saving: null, problem: null }))
      .catch((error: unknown) => {
        (error instanceof OfflineAreaTooBigError ? tooBig : failed).current.add(next.id);
        setState({
          saving: null,
          problem: `The map area “${next.label}” from command could not be saved: ${error instanceof Error ? error.message : String(error)}`,
        });
      })
      .finally(() => {
        busy.current = false;
        setAttempts((count) => count + 1);
      });
  }, [unitId, sent.data, sent.isFetchedAfterMount, basemaps.data, local, online, attempts]);

  return state;
}
