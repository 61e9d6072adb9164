import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Polygon } from 'geojson';
import type { Zone } from '@argus/contracts/http/zones';
import { isCommandRole } from '@argus/contracts/roles';
import { Link } from 'react-router';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { describeError } from '../../lib/api-error';
import { zonesOverlay } from '../../lib/map/overlays/zones';
import { useAuth } from '../auth/auth-context';
import { NewZonePanel } from './NewZonePanel';
import { ZoneDetailPanel } from './ZoneDetailPanel';
import { ZoneDrawMap } from './ZoneDrawMap';
import { cornersOf } from './zone-corners';
import type { LatLon } from '../../lib/geo/mgrs';
import { ALL_ZONES, ZoneFilters, matchesFilter, type ZoneFilter } from './ZoneFilters';
import { ZoneTable } from './ZoneTable';
import { zoneQueries } from './zones.queries';
import { useZonesLive } from './useZonesLive';
import { ThreatRulesSection } from '../rules/ThreatRulesSection';

type Mode = { kind: 'browse' } | { kind: 'new' } | { kind: 'reshape'; zoneId: string; geometry: Polygon };

/** /ungoverned-zones: zones on the map and in a table by risk and kind; draw, edit, deactivate; per zone what lies inside and who watches (docs/decisions/0011-what-each-page-does.md). */
export function UngovernedZonesPage() {
  const { user } = useAuth();
  const zones = useQuery(zoneQueries.list());
  useZonesLive();
  const [filter, setFilter] = useState<ZoneFilter>(ALL_ZONES);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>({ kind: 'browse' });
  // The outline being drawn or reshaped, as corners the map and the corner list both edit.
  const [corners, setCorners] = useState<LatLon[]>([]);
  const editsAll = isCommandRole(user?.role);

  const shown = useMemo(
    () => (zones.data?.zones ?? []).filter((zone) => matchesFilter(zone, filter) || zone.id === selectedId),
    [zones.data, filter, selectedId],
  );
  // The zone being reshaped is drawn by terra-draw, not twice.
  const overlays = useMemo(
    () => [zonesOverlay(mode.kind === 'reshape' ? shown.filter((zone) => zone.id !== mode.zoneId) : shown, { selectedId })],
    [shown, selectedId, mode],
  );

  const select = (id: string | null) => {
    setSelectedId(id);
    setMode({ kind: 'browse' });
    setCorners([]);
  };
  const startReshape = (zone: Zone) => {
    if (zone.geometry.type !== 'Polygon') return;
    setCorners(cornersOf(zone.geometry as Polygon));
    setMode({ kind: 'reshape', zoneId: zone.id, geometry: zone.geometry as Polygon });
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <ZoneFilters filter={filter} onChange={setFilter} />
        {editsAll ? (
          <div className="flex gap-2">
            <Button
              onClick={() => {
                setSelectedId(null);
                setCorners([]);
                setMode({ kind: 'new' });
              }}
              disabled={mode.kind === 'new'}
            >
              Draw a new zone
            </Button>
            <Link to="/zone-import" className="inline-flex min-h-11 items-center rounded-md border border-line px-4 hover:border-gold">
              Import zones
            </Link>
          </div>
        ) : null}
      </div>
      {zones.isError ? <FormMessage tone="error">{`Zones could not be loaded: ${describeError(zones.error)}`}</FormMessage> : null}
      <div className="grid gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(22rem,2fr)]">
        <ZoneDrawMap
          overlays={overlays}
          editing={mode.kind !== 'browse'}
          corners={corners}
          onCorners={setCorners}
          onPick={(pick) => {
            if (pick.feature?.overlayId === 'zones') select(pick.feature.id);
          }}
          label="Zones map: zones coloured by risk level"
          className="h-[28rem] overflow-hidden rounded-lg border border-line xl:h-[36rem]"
        />
        <div className="space-y-4">
          {mode.kind === 'new' ? (
            <NewZonePanel corners={corners} onCorners={setCorners} onCreated={(id) => select(id)} onCancel={() => select(null)} />
          ) : selectedId ? (
            <ZoneDetailPanel
              key={selectedId}
              zoneId={selectedId}
              editsAll={editsAll}
              corners={corners}
              onCorners={setCorners}
              reshaping={mode.kind === 'reshape'}
              onReshape={startReshape}
              onStopReshape={() => {
                setMode({ kind: 'browse' });
                setCorners([]);
              }}
              onClose={() => select(null)}
            />
          ) : (
            <p className="rounded-lg border border-dashed border-line p-4 text-ink-muted">
              Choose a zone on the map or in the table to see what lies inside it.
            </p>
          )}
        </div>
      </div>
      <section aria-labelledby="zone-table-heading" className="space-y-2">
        <h2 id="zone-table-heading" className="text-lg font-semibold">{`Zones (${shown.length})`}</h2>
        {zones.isPending ? <p>Loading zones...</p> : <ZoneTable zones={shown} selectedId={selectedId} onSelect={select} />}
      </section>
      <ThreatRulesSection />
    </div>
  );
}
