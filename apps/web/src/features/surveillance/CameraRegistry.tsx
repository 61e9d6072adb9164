import type { Camera } from '@argus/contracts/http/cameras';
import { Button } from '../../components/ui/Button';
import { formatAge } from '../../lib/time-format';
import { CAMERA_STATUS_COLOURS } from '../../lib/map/palette';

export interface CameraRegistryProps {
  cameras: readonly Camera[];
  now: number;
  selectedId: string | null;
  watchedIds: ReadonlySet<string>;
  canManage: boolean;
  onSelect: (camera: Camera) => void;
  onEdit: (camera: Camera) => void;
  onWatch: (camera: Camera) => void;
  onToggleActive: (camera: Camera) => void;
}

/** A camera's health as a coloured word, never colour alone. */
export function CameraStatusBadge({ camera }: { camera: Camera }) {
  return (
    <span className="inline-flex items-center gap-1 text-sm" title={camera.statusReason}>
      <span
        aria-hidden="true"
        className="inline-block h-2.5 w-2.5 rounded-full"
        style={{ backgroundColor: CAMERA_STATUS_COLOURS[camera.status] }}
      />
      {camera.active ? camera.status : 'deactivated'}
    </span>
  );
}

/** The registry: every camera and sensor with its health and what can be done with it. */
export function CameraRegistry({
  cameras,
  now,
  selectedId,
  watchedIds,
  canManage,
  onSelect,
  onEdit,
  onWatch,
  onToggleActive,
}: CameraRegistryProps) {
  if (cameras.length === 0) return <p className="text-ink-muted">No cameras or sensors yet.{canManage ? ' Add the first one.' : ''}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Cameras and sensors</caption>
        <thead className="text-ink-muted">
          <tr>
            <th scope="col" className="py-1 pr-2">
              Name
            </th>
            <th scope="col" className="py-1 pr-2">
              Health
            </th>
            <th scope="col" className="hidden py-1 pr-2 sm:table-cell">
              Last seen
            </th>
            <th scope="col" className="py-1">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {cameras.map((camera) => (
            <tr
              key={camera.id}
              className={camera.id === selectedId ? 'bg-surface-raised' : undefined}
              aria-current={camera.id === selectedId ? true : undefined}
            >
              <td className="py-1 pr-2">
                <button type="button" className="text-left font-medium hover:text-gold" onClick={() => onSelect(camera)}>
                  {camera.name}
                </button>
                <span className="block text-xs break-words text-ink-muted">
                  {camera.kind === 'camera' ? 'Camera' : 'Sensor'}
                  {camera.room ? ` · room ${camera.room}` : ''}
                  {camera.streamUrl ? ` · ${camera.streamUrl}` : ''}
                </span>
              </td>
              <td className="py-1 pr-2">
                <CameraStatusBadge camera={camera} />
                <span className="block text-xs text-ink-muted">{camera.statusReason}</span>
              </td>
              <td className="hidden py-1 pr-2 sm:table-cell">{camera.lastSeenAt ? formatAge(camera.lastSeenAt, now) : 'never'}</td>
              <td className="py-1">
                <div className="flex flex-col items-end gap-1 sm:flex-row sm:flex-wrap sm:justify-end">
                  {camera.kind === 'camera' && camera.active ? (
                    <Button
                      variant="secondary"
                      className="min-h-9 px-2 py-1"
                      onClick={() => onWatch(camera)}
                      disabled={watchedIds.has(camera.id)}
                      aria-label={`${watchedIds.has(camera.id) ? 'Watching' : 'Watch'} ${camera.name}`}
                    >
                      {watchedIds.has(camera.id) ? 'Watching' : 'Watch'}
                    </Button>
                  ) : null}
                  {canManage ? (
                    <>
                      <Button
                        variant="ghost"
                        className="min-h-9 px-2 py-1"
                        onClick={() => onEdit(camera)}
                        aria-label={`Edit ${camera.name}`}
                      >
                        Edit
                      </Button>
                      <Button
                        variant="ghost"
                        className="min-h-9 px-2 py-1"
                        onClick={() => onToggleActive(camera)}
                        aria-label={`${camera.active ? 'Deactivate' : 'Reactivate'} ${camera.name}`}
                      >
                        {camera.active ? 'Deactivate' : 'Reactivate'}
                      </Button>
                    </>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
