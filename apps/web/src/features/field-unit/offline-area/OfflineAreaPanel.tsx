import { useId, useState } from 'react';
import { ChevronRight } from 'lucide-react';
import type { Basemap } from '@argus/contracts/http/basemaps';
import { Button } from '../../../components/ui/Button';
import { SelectField } from '../../../components/ui/SelectField';
import { clockTime } from '../../../lib/time-format';
import { OFFLINE_AREA_MAX_BYTES, boxAround, formatBytes, type Box } from '../../../lib/map/offline-tiles';
import { deleteOfflineArea, saveOfflineArea, type OfflineArea } from '../../../lib/map/offline-areas';
import { useOfflineAreas } from './useOfflineAreas';
import { useOfflineAreaPlan } from '../../../lib/map/useOfflineAreaPlan';
import type { SentAreasState } from './useSentOfflineAreas';

const RADII = [
  { value: '500', label: '500 m' },
  { value: '1000', label: '1 km' },
  { value: '2000', label: '2 km' },
  { value: '5000', label: '5 km' },
] as const;
type Radius = (typeof RADII)[number]['value'];

type Extent = 'assignment' | 'view' | 'box';

export interface OfflineAreaPanelProps {
  basemap: Basemap | null;
  /** The current assignment's place and name, if there is one. */
  target: { lat: number; lon: number; name: string } | null;
  /** The box the map shows now (null until the map has loaded). */
  view: Box | null;
  /** The box drawn on the map, if one is. */
  drawn: Box | null;
  /** Whether the map takes a box drawn on it now (two taps at opposite corners). */
  drawing: boolean;
  onDrawingChange: (drawing: boolean) => void;
  /** Map areas command sent to this unit, being kept here (docs/decisions/0057-offline-areas-sent-by-command.md). */
  sent: SentAreasState;
}

interface Progress {
  done: number;
  total: number;
  bytes: number;
}

/** Save the street map of an area onto the phone, with its size before and progress during (docs/decisions/0048-offline-map-area.md). */
export function OfflineAreaPanel({ basemap, target, view, drawn, drawing, onDrawingChange, sent }: OfflineAreaPanelProps) {
  const areas = useOfflineAreas();
  const [extent, setExtent] = useState<Extent>(target ? 'assignment' : 'view');
  const [radius, setRadius] = useState<Radius>('1000');
  const [progress, setProgress] = useState<Progress | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'done'; text: string } | null>(null);
  const groupName = useId();
  const chosenExtent: Extent = extent === 'assignment' && !target ? 'view' : extent;
  const box = chosenExtent === 'assignment' && target ? boxAround(target, Number(radius)) : chosenExtent === 'box' ? drawn : view;

  const plan = useOfflineAreaPlan(basemap, box);
  const tooBig = plan?.tooBig ?? false;

  if (!basemap) return <p className="text-ink-muted">There is no street map to save: an administrator can add one in Settings › Maps.</p>;

  const save = async () => {
    if (!plan || !box) return;
    setMessage(null);
    setProgress({ done: 0, total: plan.tiles, bytes: 0 });
    const label =
      chosenExtent === 'assignment' && target
        ? `${RADII.find((r) => r.value === radius)?.label} around ${target.name}`
        : chosenExtent === 'box'
          ? 'Box drawn on the map'
          : 'Map view';
    try {
      const area = await saveOfflineArea({
        label,
        basemap,
        box,
        zooms: plan.zooms,
        onProgress: (done, total, bytes) => setProgress({ done, total, bytes }),
      });
      setMessage({ tone: 'done', text: `Saved on this phone: ${area.tiles} tiles, ${formatBytes(area.bytes)}.` });
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : String(error) });
    } finally {
      setProgress(null);
    }
  };

  // Folded by default: the field page is long, and saving an area is done now and then, not on every visit.
  return (
    <details className="group space-y-3">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 font-medium">
        <ChevronRight aria-hidden className="size-5 shrink-0 transition-transform group-open:rotate-90" />
        {`Offline map: ${areas.length === 0 ? 'no area saved' : areas.length === 1 ? '1 area saved' : `${areas.length} areas saved`}`}
      </summary>
      <fieldset className="space-y-2">
        <legend className="font-medium">{`Save the ${basemap.name} map for use with no signal`}</legend>
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="radio"
            name={groupName}
            checked={chosenExtent === 'assignment'}
            disabled={!target}
            onChange={() => {
              setExtent('assignment');
              onDrawingChange(false);
            }}
            className="size-5"
          />
          {target ? `Around ${target.name}` : 'Around the assignment (none now)'}
        </label>
        {chosenExtent === 'assignment' ? <SelectField label="Radius" value={radius} options={RADII} onChange={setRadius} /> : null}
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="radio"
            name={groupName}
            checked={chosenExtent === 'view'}
            onChange={() => {
              setExtent('view');
              onDrawingChange(false);
            }}
            className="size-5"
          />
          The area shown on the map
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="radio"
            name={groupName}
            checked={chosenExtent === 'box'}
            onChange={() => {
              setExtent('box');
              onDrawingChange(true);
            }}
            className="size-5"
          />
          A box I draw on the map
        </label>
        {chosenExtent === 'box' ? (
          <p className="text-sm text-ink-muted">
            {drawing
              ? 'Tap one corner of the area on the map, then the opposite corner. Tap twice again to draw another.'
              : 'Getting the map ready for drawing…'}
          </p>
        ) : null}
      </fieldset>
      {plan ? (
        <p aria-live="polite" className={tooBig ? 'text-danger' : undefined}>
          {tooBig
            ? `${plan.tiles} tiles, about ${formatBytes(plan.bytes)}: more than the ${formatBytes(OFFLINE_AREA_MAX_BYTES)} a phone keeps. Choose a smaller area.`
            : `${plan.tiles} tiles (zoom ${plan.zooms.from} to ${plan.zooms.to}), about ${formatBytes(plan.bytes)}`}
        </p>
      ) : (
        <p className="text-ink-muted">
          {chosenExtent === 'box' ? 'No box drawn yet.' : 'The map is loading; its area can be saved once it shows.'}
        </p>
      )}
      {progress ? (
        <div className="space-y-1">
          <progress aria-label="Saving the map area" value={progress.done} max={progress.total} className="h-3 w-full accent-gold" />
          <p className="text-sm text-ink-muted">{`${progress.done} of ${progress.total} tiles, ${formatBytes(progress.bytes)}`}</p>
        </div>
      ) : (
        <Button onClick={() => void save()} disabled={!plan || tooBig} className="w-full">
          Save this area
        </Button>
      )}
      {message ? (
        <p role={message.tone === 'error' ? 'alert' : 'status'} className={message.tone === 'error' ? 'text-danger' : 'text-success'}>
          {message.text}
        </p>
      ) : null}
      {sent.saving ? (
        <div className="space-y-1">
          <progress
            aria-label={`Saving the map area command sent: ${sent.saving.label}`}
            value={sent.saving.done}
            max={Math.max(sent.saving.total, 1)}
            className="h-3 w-full accent-gold"
          />
          <p className="text-sm text-ink-muted">{`Saving “${sent.saving.label}”, sent by command: ${sent.saving.done} of ${sent.saving.total || '…'} tiles`}</p>
        </div>
      ) : null}
      {sent.problem ? (
        <p role="alert" className="text-danger">
          {sent.problem}
        </p>
      ) : null}
      <SavedAreas areas={areas} />
    </details>
  );
}

function SavedAreas({ areas }: { areas: readonly OfflineArea[] }) {
  if (areas.length === 0) return <p className="text-sm text-ink-muted">No map area is saved on this phone.</p>;
  return (
    <ul aria-label="Saved map areas" className="divide-y divide-line rounded-lg border border-line">
      {areas.map((area) => (
        <li key={area.id} className="flex items-center justify-between gap-3 p-3">
          <div className="min-w-0">
            <p className="truncate font-medium">{area.label}</p>
            <p className="text-sm text-ink-muted">{`${area.basemap.name} · ${area.tiles} tiles · ${formatBytes(area.bytes)} · saved ${clockTime(area.savedAt)}`}</p>
          </div>
          {area.sentId ? (
            // Command keeps it here until command withdraws it; deleting it would only bring it back.
            <p className="shrink-0 text-sm text-ink-muted">Sent by command</p>
          ) : (
            <Button variant="secondary" aria-label={`Delete ${area.label}`} onClick={() => void deleteOfflineArea(area.id)}>
              Delete
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
