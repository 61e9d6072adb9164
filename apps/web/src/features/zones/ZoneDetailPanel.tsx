import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Polygon } from 'geojson';
import type { Zone } from '@argus/contracts/http/zones';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { Spinner } from '../../components/ui/Spinner';
import { describeError } from '../../lib/api-error';
import { KIND_LABELS, RISK_LABELS } from './zone-labels';
import type { LatLon } from '../../lib/geo/mgrs';
import { checkOutline, cornersOf, sameCorners } from './zone-corners';
import { ZoneCornerList } from './ZoneCornerList';
import { ZoneFields, type ZoneDraft } from './ZoneFields';
import { useUpdateZoneMutation } from './zones.mutations';
import { zoneQueries } from './zones.queries';

export interface ZoneDetailPanelProps {
  zoneId: string;
  /** Command edits everything; an analyst only the risk level. */
  editsAll: boolean;
  /** The outline's corners while the user is reshaping this zone (shared with the map). */
  corners: readonly LatLon[];
  onCorners: (corners: LatLon[]) => void;
  reshaping: boolean;
  onReshape: (zone: Zone) => void;
  onStopReshape: () => void;
  onClose: () => void;
}

const draftOf = (zone: Zone): ZoneDraft => ({ name: zone.name, kind: zone.kind, riskLevel: zone.riskLevel, notes: zone.notes });

/** One zone: its fields (editable), reshape and deactivate, what lies inside it and the rules that watch it. */
export function ZoneDetailPanel({
  zoneId,
  editsAll,
  corners,
  onCorners,
  reshaping,
  onReshape,
  onStopReshape,
  onClose,
}: ZoneDetailPanelProps) {
  const detail = useQuery(zoneQueries.detail(zoneId));
  const update = useUpdateZoneMutation();
  const [draft, setDraft] = useState<ZoneDraft | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  if (detail.isPending)
    return (
      <p className="flex items-center gap-2">
        <Spinner /> Loading the zone...
      </p>
    );
  if (detail.isError) return <FormMessage tone="error">{`The zone could not be loaded: ${describeError(detail.error)}`}</FormMessage>;
  const { zone, incidents, reports, alerts, rules } = detail.data;
  const current = draft ?? draftOf(zone);
  const reshaped = reshaping && zone.geometry.type === 'Polygon' && !sameCorners(corners, cornersOf(zone.geometry as Polygon));
  const saveShape = () => {
    const check = checkOutline(corners);
    // Refused before anything is sent: the saved zone keeps its old shape and the corners stay to be put right.
    if (!check.ok) {
      setRefusal(`The new shape was not saved: ${check.problem}`);
      return;
    }
    setRefusal(null);
    save({ geometry: check.polygon }, 'New shape saved.', onStopReshape);
  };

  const save = (changes: Parameters<typeof update.mutate>[0]['changes'], message: string, then?: () => void) => {
    setSaved(null);
    update.mutate(
      { id: zone.id, changes },
      {
        onSuccess: () => {
          setSaved(message);
          setDraft(null);
          then?.();
        },
      },
    );
  };
  const submit = () =>
    save(
      editsAll
        ? { name: current.name, kind: current.kind, riskLevel: current.riskLevel, notes: current.notes }
        : { riskLevel: current.riskLevel },
      'Zone saved.',
    );

  return (
    <section aria-labelledby="zone-detail-heading" className="space-y-4 rounded-lg border border-line p-4">
      <div className="flex items-start justify-between gap-2">
        <div>
          <h2 id="zone-detail-heading" className="text-lg font-semibold">
            {zone.name}
          </h2>
          <p className="text-sm text-ink-muted">{`${KIND_LABELS[zone.kind]} · ${RISK_LABELS[zone.riskLevel]} risk · ${zone.active ? 'Active' : 'Inactive'}${zone.importId ? ' · Imported' : ''}`}</p>
        </div>
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>

      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <ZoneFields draft={current} onChange={setDraft} riskOnly={!editsAll} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={update.isPending}>
            Save changes
          </Button>
          {editsAll && zone.geometry.type === 'Polygon' && !reshaping ? (
            <Button variant="secondary" onClick={() => onReshape(zone)}>
              Reshape on the map
            </Button>
          ) : null}
          {editsAll && reshaping ? (
            <>
              <Button disabled={!reshaped || update.isPending} onClick={saveShape}>
                Save the new shape
              </Button>
              <Button
                variant="ghost"
                onClick={() => {
                  setRefusal(null);
                  onStopReshape();
                }}
              >
                Stop reshaping
              </Button>
            </>
          ) : null}
          {editsAll ? (
            <Button
              variant={zone.active ? 'danger' : 'secondary'}
              disabled={update.isPending}
              onClick={() => save({ active: !zone.active }, zone.active ? 'Zone deactivated.' : 'Zone reactivated.')}
            >
              {zone.active ? 'Deactivate' : 'Reactivate'}
            </Button>
          ) : null}
        </div>
        {editsAll && zone.geometry.type === 'MultiPolygon' ? (
          <p className="text-sm text-ink-muted">This zone has several parts; reshape it in the source file and import it again.</p>
        ) : null}
        {reshaping ? (
          <>
            <p className="text-sm text-ink-muted">
              Drag the corners or the midpoints on the map, or type them in the list, then save the new shape.
            </p>
            <ZoneCornerList
              corners={corners}
              onChange={(next) => {
                setRefusal(null);
                onCorners(next);
              }}
            />
          </>
        ) : null}
        {refusal ? <FormMessage tone="error">{refusal}</FormMessage> : null}
        {update.isError ? <FormMessage tone="error">{describeError(update.error)}</FormMessage> : null}
        {saved ? <FormMessage tone="success">{saved}</FormMessage> : null}
      </form>

      <Inside
        title="Incidents inside"
        empty="No incidents inside this zone."
        items={incidents.map((incident) => ({
          id: incident.id,
          text: `${incident.reference} · ${incident.title} (${incident.severity}, ${incident.status})`,
        }))}
      />
      <Inside
        title="Reports inside"
        empty="No reports inside this zone."
        items={reports.map((report) => ({
          id: report.id,
          text: `${report.trackingCode} · ${report.category}: ${report.description.slice(0, 80)}`,
        }))}
      />
      <Inside
        title="Alerts inside"
        empty="No alerts inside this zone."
        items={alerts.map((alert) => ({ id: alert.id, text: `${alert.title} (${alert.severity}, ${alert.status})` }))}
      />
      <Inside
        title="Rules watching this zone"
        empty="No rule watches this zone."
        items={rules.map((rule) => ({ id: rule.id, text: `${rule.name}${rule.enabled ? '' : ' (off)'} — ${rule.why}` }))}
      />
    </section>
  );
}

function Inside({ title, empty, items }: { title: string; empty: string; items: { id: string; text: string }[] }) {
  return (
    <div>
      <h3 className="font-semibold">{`${title} (${items.length})`}</h3>
      {items.length === 0 ? (
        <p className="text-sm text-ink-muted">{empty}</p>
      ) : (
        <ul className="list-disc space-y-0.5 pl-5 text-sm">
          {items.map((item) => (
            <li key={item.id}>{item.text}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
