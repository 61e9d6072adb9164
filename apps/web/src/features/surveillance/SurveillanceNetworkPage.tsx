import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isCommandRole } from '@argus/contracts/roles';
import type { Camera } from '@argus/contracts/http/cameras';
import { Button } from '../../components/ui/Button';
import { FormMessage } from '../../components/ui/FormMessage';
import { describeError } from '../../lib/api-error';
import type { MapPick } from '../../lib/map/overlay';
import { useEscapeStopsPicking } from '../../lib/map/useEscapeStopsPicking';
import { useHomeArea } from '../../lib/map/useHomeArea';
import { useMapFocus } from '../../lib/map/useMapFocus';
import { useNow } from '../../lib/useNow';
import { useAuth } from '../auth/auth-context';
import { CameraForm } from './CameraForm';
import { CameraRegistry } from './CameraRegistry';
import { CoverageMap } from './CoverageMap';
import { DetectionFeed } from './DetectionFeed';
import { DetectorStatus } from './DetectorStatus';
import { ReportedDetections } from './ReportedDetections';
import { LiveFeed } from './LiveFeed';
import { EMPTY_CAMERA_DRAFT, draftOf, requestOf, type CameraDraft } from './camera-draft';
import { cameraQueries } from '../cameras/cameras.queries';
import { useCamerasLive } from './useCamerasLive';
import { useCreateCameraMutation, useUpdateCameraMutation } from '../cameras/cameras.mutations';
import { addEntry, type DetectionEntry } from './detection-entry';
import { useDetector } from './useDetector';

type Editing = { mode: 'none' } | { mode: 'create' } | { mode: 'edit'; id: string };
const NO_CAMERAS: Camera[] = [];

function draftPoint(draft: CameraDraft): { lat: number; lon: number } | null {
  const lat = Number(draft.lat);
  const lon = Number(draft.lon);
  if (
    draft.lat.trim() === '' ||
    draft.lon.trim() === '' ||
    !Number.isFinite(lat) ||
    !Number.isFinite(lon) ||
    Math.abs(lat) > 90 ||
    Math.abs(lon) > 180
  )
    return null;
  return { lat, lon };
}

/** /surveillance-network: the camera and sensor registry, health, coverage, live feeds and detections (docs/decisions/0011-what-each-page-does.md). */
export function SurveillanceNetworkPage() {
  const now = useNow(10_000);
  const { user } = useAuth();
  const canManage = user ? isCommandRole(user.role) : false;
  const cameras = useQuery(cameraQueries.list());
  useCamerasLive();
  const cameraList = cameras.data ?? NO_CAMERAS;
  const create = useCreateCameraMutation();
  const update = useUpdateCameraMutation();
  const detector = useDetector();

  const [editing, setEditing] = useState<Editing>({ mode: 'none' });
  const [draft, setDraft] = useState<CameraDraft>(EMPTY_CAMERA_DRAFT);
  const [picking, setPicking] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [watched, setWatched] = useState<string[]>([]);
  const [entries, setEntries] = useState<DetectionEntry[]>([]);
  const { focus, focusOn } = useMapFocus(17);
  const watchedIds = useMemo(() => new Set(watched), [watched]);
  const watchedCameras = useMemo(
    () => watched.map((id) => cameraList.find((camera) => camera.id === id)).filter((camera): camera is Camera => Boolean(camera?.active)),
    [watched, cameraList],
  );

  useEscapeStopsPicking(picking, setPicking);

  // The map opens on the operation's home area (docs/decisions/0058-home-area.md). With none known,
  // it goes to the network itself: the middle of the active cameras, once they first load.
  const home = useHomeArea();
  const framed = useRef(false);
  useEffect(() => {
    const active = cameraList.filter((camera) => camera.active);
    if (framed.current || !home.settled || active.length === 0) return;
    framed.current = true;
    if (home.homeArea && home.homeArea.source !== 'none') return;
    const lat = active.reduce((sum, camera) => sum + camera.location.lat, 0) / active.length;
    const lon = active.reduce((sum, camera) => sum + camera.location.lon, 0) / active.length;
    focusOn({ lat, lon }, active.length === 1 ? 16 : 13);
  }, [cameraList, focusOn, home.settled, home.homeArea]);

  const closeForm = () => {
    setEditing({ mode: 'none' });
    setPicking(false);
    create.reset();
    update.reset();
  };

  const handlePick = ({ location, feature }: MapPick) => {
    if (picking) {
      setDraft({ ...draft, lat: location.lat.toFixed(6), lon: location.lon.toFixed(6) });
      setPicking(false);
      return;
    }
    setSelectedId(feature?.overlayId === 'cameras' ? feature.id : null);
  };

  const handleSubmit = () => {
    const request = requestOf(draft);
    if (editing.mode === 'edit') update.mutate({ id: editing.id, changes: request }, { onSuccess: closeForm });
    else
      create.mutate(request, {
        onSuccess: ({ camera }) => {
          closeForm();
          setSelectedId(camera.id);
          focusOn(camera.location);
        },
      });
  };

  const handleDetection = useCallback((entry: DetectionEntry) => setEntries((current) => addEntry(current, entry)), []);
  const mutation = editing.mode === 'edit' ? update : create;

  return (
    <div className="flex flex-col gap-4">
      {cameras.error ? <FormMessage tone="error">{`The cameras could not be loaded: ${describeError(cameras.error)}`}</FormMessage> : null}
      {update.error && editing.mode === 'none' ? <FormMessage tone="error">{describeError(update.error)}</FormMessage> : null}
      <div className="flex flex-col gap-4 lg:flex-row">
        <section aria-labelledby="coverage-heading" className="flex min-w-0 flex-1 flex-col gap-2">
          <h2 id="coverage-heading" className="text-lg font-semibold">
            Coverage
          </h2>
          <div className="relative h-[50dvh] min-h-72 overflow-hidden rounded-lg border border-line">
            <CoverageMap
              cameras={cameraList}
              selectedId={selectedId}
              draftPoint={editing.mode === 'none' ? null : draftPoint(draft)}
              picking={picking}
              focus={focus}
              onPick={handlePick}
              className="absolute inset-0"
            />
            {picking ? (
              <p
                role="status"
                className="absolute inset-x-2 top-14 z-10 rounded-md border border-gold bg-surface/95 p-2 text-center text-sm"
              >
                Click or tap the map where the camera stands (Escape to stop).
              </p>
            ) : null}
          </div>
        </section>
        <section
          aria-labelledby="registry-heading"
          className="flex flex-col gap-2 rounded-lg border border-line bg-surface-sunken p-3 lg:w-[30rem]"
        >
          <div className="flex items-center justify-between">
            <h2 id="registry-heading" className="text-lg font-semibold">
              Cameras and sensors
            </h2>
            {canManage && editing.mode === 'none' ? (
              <Button
                onClick={() => {
                  setDraft(EMPTY_CAMERA_DRAFT);
                  setEditing({ mode: 'create' });
                }}
              >
                Add camera or sensor
              </Button>
            ) : null}
          </div>
          {editing.mode !== 'none' ? (
            <CameraForm
              title={editing.mode === 'create' ? 'New camera or sensor' : `Edit ${draft.name}`}
              submitLabel={editing.mode === 'create' ? 'Add' : 'Save changes'}
              draft={draft}
              onChange={setDraft}
              onSubmit={handleSubmit}
              onCancel={closeForm}
              picking={picking}
              onTogglePicking={() => setPicking(!picking)}
              pending={mutation.isPending}
              error={mutation.error}
            />
          ) : cameras.isPending ? (
            <p>Loading cameras…</p>
          ) : (
            <CameraRegistry
              cameras={cameraList}
              now={now}
              selectedId={selectedId}
              watchedIds={watchedIds}
              canManage={canManage}
              onSelect={(camera) => {
                setSelectedId(camera.id);
                focusOn(camera.location);
              }}
              onEdit={(camera) => {
                setDraft(draftOf(camera));
                setEditing({ mode: 'edit', id: camera.id });
              }}
              onWatch={(camera) => setWatched((current) => [...current, camera.id])}
              onToggleActive={(camera) => update.mutate({ id: camera.id, changes: { active: !camera.active } })}
            />
          )}
        </section>
      </div>
      <div className="flex flex-col gap-4 lg:flex-row">
        <section aria-labelledby="feeds-heading" className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="feeds-heading" className="text-lg font-semibold">
              Live feeds
            </h2>
            <DetectorStatus state={detector.state} />
          </div>
          {watchedCameras.length === 0 ? (
            <p className="text-ink-muted">Choose Watch beside a camera to see its feed here.</p>
          ) : (
            <div className="grid gap-3 sm:grid-cols-2">
              {watchedCameras.map((camera) => (
                <LiveFeed
                  key={camera.id}
                  camera={camera}
                  startDetector={detector.start}
                  onDetection={handleDetection}
                  onClose={() => setWatched((current) => current.filter((id) => id !== camera.id))}
                />
              ))}
            </div>
          )}
        </section>
        <section aria-labelledby="detections-heading" className="flex flex-col gap-2 lg:w-[30rem]">
          <h2 id="detections-heading" className="text-lg font-semibold">
            Detections
          </h2>
          <h3 className="font-semibold">Seen in this browser</h3>
          <DetectionFeed entries={entries} />
          <h3 className="mt-2 font-semibold">Reported to the server, all operators</h3>
          <ReportedDetections cameras={cameraList} />
        </section>
      </div>
    </div>
  );
}
