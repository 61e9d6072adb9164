import { useEffect, useId, useState } from 'react';
import { ChevronRight } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import type { Unit } from '@argus/contracts/http/units';
import { Button } from '../../components/ui/Button';
import { SelectField } from '../../components/ui/SelectField';
import { describeError } from '../../lib/api-error';
import type { MapLibreMap } from '../../lib/map/maplibre';
import { boxAround, formatBytes, OFFLINE_AREA_MAX_BYTES, type Box } from '../../lib/map/offline-tiles';
import { useBoxDrawing } from '../../lib/map/useBoxDrawing';
import { useOfflineAreaPlan } from '../../lib/map/useOfflineAreaPlan';
import { clockTime } from '../../lib/time-format';
import { useShownBasemap } from '../basemaps/useShownBasemap';
import { useSendOfflineAreaMutation, useWithdrawOfflineAreaMutation } from './offline-areas.mutations';
import { sentOfflineAreaQueries } from './offline-areas.queries';

const RADII = [
  { value: '500', label: '500 m' },
  { value: '1000', label: '1 km' },
  { value: '2000', label: '2 km' },
  { value: '5000', label: '5 km' },
] as const;
type Radius = (typeof RADII)[number]['value'];
type Extent = 'unit' | 'view' | 'box';

/** The box a map shows now. */
function viewOf(map: MapLibreMap | null): Box | null {
  if (!map) return null;
  const bounds = map.getBounds();
  return [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()];
}

/**
 * Command sends a map area to a unit's phone, to be kept there for use with no signal
 * (docs/decisions/0057-offline-areas-sent-by-command.md): around the unit, the area the command map
 * shows, or a box drawn on it, with its size shown first; and withdraws one sent before.
 */
export function SendOfflineAreaPanel({
  unit,
  map,
  onDrawingChange,
}: {
  unit: Unit;
  map: MapLibreMap | null;
  /** Told when a box is being drawn, so the page's own map clicks stand aside meanwhile. */
  onDrawingChange: (drawing: boolean) => void;
}) {
  const basemap = useShownBasemap();
  const sent = useQuery(sentOfflineAreaQueries.forUnit(unit.id));
  const send = useSendOfflineAreaMutation(unit.id);
  const withdraw = useWithdrawOfflineAreaMutation(unit.id);
  const [open, setOpen] = useState(false);
  const [extent, setExtent] = useState<Extent>(unit.position ? 'unit' : 'view');
  const [radius, setRadius] = useState<Radius>('1000');
  const [drawn, setDrawn] = useState<Box | null>(null);
  const [view, setView] = useState<Box | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'done'; text: string } | null>(null);
  const groupName = useId();
  const drawing = open && extent === 'box';
  const drawReady = useBoxDrawing(map, drawing, setDrawn);
  useEffect(() => {
    onDrawingChange(drawing);
    return () => onDrawingChange(false);
  }, [drawing, onDrawingChange]);
  // The area the map shows, kept current while that is the choice.
  useEffect(() => {
    if (!map || !open || extent !== 'view') return undefined;
    const read = () => setView(viewOf(map));
    read();
    map.on('moveend', read);
    return () => {
      map.off('moveend', read);
    };
  }, [map, open, extent]);

  const here = unit.position?.location ?? null;
  const box = extent === 'unit' && here ? boxAround(here, Number(radius)) : extent === 'box' ? drawn : view;
  const plan = useOfflineAreaPlan(basemap, box);
  const label =
    extent === 'unit'
      ? `${RADII.find((r) => r.value === radius)?.label} around ${unit.callsign}`
      : extent === 'box'
        ? 'Box drawn by command'
        : 'Area of the command map';

  const choose = (next: Extent) => {
    setExtent(next);
    setMessage(null);
  };

  const submit = () => {
    if (!basemap || !box) return;
    setMessage(null);
    send.mutate(
      { basemapId: basemap.id, label, box },
      {
        onSuccess: () => setMessage({ tone: 'done', text: `Sent to ${unit.callsign}: the phone saves it as soon as it has a signal.` }),
        onError: (error) => setMessage({ tone: 'error', text: describeError(error) }),
      },
    );
  };

  const areas = sent.data ?? [];
  return (
    <details className="group mt-2 border-t border-line pt-2" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 font-medium">
        <ChevronRight aria-hidden className="size-4 shrink-0 transition-transform group-open:rotate-90" />
        {`Map for the phone: ${areas.length === 0 ? 'none sent' : areas.length === 1 ? '1 area sent' : `${areas.length} areas sent`}`}
      </summary>
      {!basemap ? (
        <p className="text-ink-muted">There is no street map to send: add one in Settings › Maps.</p>
      ) : (
        <div className="space-y-2">
          <fieldset className="space-y-1">
            <legend className="sr-only">{`Area of the ${basemap.name} map to send`}</legend>
            <label className="flex min-h-9 items-center gap-2">
              <input type="radio" name={groupName} checked={extent === 'unit'} disabled={!here} onChange={() => choose('unit')} />
              {here ? `Around ${unit.callsign}` : `Around ${unit.callsign} (no position)`}
            </label>
            {extent === 'unit' ? <SelectField label="Radius" value={radius} options={RADII} onChange={setRadius} /> : null}
            <label className="flex min-h-9 items-center gap-2">
              <input type="radio" name={groupName} checked={extent === 'view'} onChange={() => choose('view')} />
              The area the map shows
            </label>
            <label className="flex min-h-9 items-center gap-2">
              <input type="radio" name={groupName} checked={extent === 'box'} onChange={() => choose('box')} />A box drawn on the map
            </label>
            {extent === 'box' ? (
              <p className="text-ink-muted">
                {drawReady ? 'Click one corner of the area on the map, then the opposite corner.' : 'Getting the map ready for drawing…'}
              </p>
            ) : null}
          </fieldset>
          {plan ? (
            <p aria-live="polite" className={plan.tooBig ? 'text-danger' : undefined}>
              {plan.tooBig
                ? `${plan.tiles} tiles, about ${formatBytes(plan.bytes)}: more than the ${formatBytes(OFFLINE_AREA_MAX_BYTES)} a phone keeps. Choose a smaller area.`
                : `${basemap.name}: ${plan.tiles} tiles, about ${formatBytes(plan.bytes)}`}
            </p>
          ) : (
            <p className="text-ink-muted">{extent === 'box' ? 'No box drawn yet.' : 'No area chosen yet.'}</p>
          )}
          <Button onClick={submit} disabled={!plan || plan.tooBig || send.isPending} className="w-full">
            Send to the phone
          </Button>
          {message ? (
            <p role={message.tone === 'error' ? 'alert' : 'status'} className={message.tone === 'error' ? 'text-danger' : 'text-success'}>
              {message.text}
            </p>
          ) : null}
          {areas.length > 0 ? (
            <ul aria-label="Map areas sent to the phone" className="divide-y divide-line rounded border border-line">
              {areas.map((area) => (
                <li key={area.id} className="flex items-center justify-between gap-2 p-2">
                  <div className="min-w-0">
                    <p className="truncate">{area.label}</p>
                    <p className="text-xs text-ink-muted">{`${area.sentBy.name} · ${clockTime(area.sentAt)}`}</p>
                  </div>
                  <Button
                    variant="secondary"
                    aria-label={`Withdraw ${area.label}`}
                    disabled={withdraw.isPending}
                    onClick={() =>
                      withdraw.mutate(area.id, { onError: (error) => setMessage({ tone: 'error', text: describeError(error) }) })
                    }
                  >
                    Withdraw
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
    </details>
  );
}
