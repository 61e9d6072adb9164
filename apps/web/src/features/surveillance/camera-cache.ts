import type { QueryClient } from '@tanstack/react-query';
import type { Camera, CameraListResponse as CameraListSchema } from '@argus/contracts/http/cameras';
import type { z } from 'zod';
import type { LiveFrame } from '@argus/contracts/realtime/protocol';
import { cameraQueries } from '../cameras/cameras.queries';

type CameraListResponse = z.infer<typeof CameraListSchema>;

const byName = (a: Camera, b: Camera) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/** A camera into the registry list (which includes deactivated ones), replaced when newer. */
export function upsertCamera(list: CameraListResponse, camera: Camera): CameraListResponse {
  const current = list.cameras.find((candidate) => candidate.id === camera.id);
  if (current && current.updatedAt > camera.updatedAt) return list;
  return { cameras: [...list.cameras.filter((candidate) => candidate.id !== camera.id), camera].sort(byName) };
}

/** Applies a frame of the "cameras" channel to the cached registry; a reset refetches it. */
export function applyCameraFrame(queryClient: QueryClient, frame: LiveFrame): void {
  if (frame.type === 'realtime.reset') return void queryClient.invalidateQueries({ queryKey: cameraQueries.all });
  if (frame.type !== 'camera.created' && frame.type !== 'camera.updated') return;
  const camera = frame.data;
  queryClient.setQueryData<CameraListResponse>(cameraQueries.list().queryKey, (list) => (list ? upsertCamera(list, camera) : list));
}
