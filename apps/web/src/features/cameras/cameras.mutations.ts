import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CameraResponse,
  type CameraHeartbeatRequest,
  type CreateCameraRequest,
  type UpdateCameraRequest,
} from '@argus/contracts/http/cameras';
import { api } from '../../lib/api';
import { cameraQueries } from './cameras.queries';

const cameraPath = (id: string) => `/cameras/${encodeURIComponent(id)}`;

/** Registers a camera; the registry is read again. */
export function useCreateCameraMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCameraRequest) => api.post('/cameras', body, CameraResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cameraQueries.all }),
  });
}

/** Edits, deactivates or reactivates a camera; the registry is read again. */
export function useUpdateCameraMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateCameraRequest }) => api.patch(cameraPath(id), changes, CameraResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cameraQueries.all }),
  });
}

/** The watching browser's word that a feed is alive, with how well it plays. */
export function sendHeartbeat(id: string, body: CameraHeartbeatRequest) {
  return api.post(`${cameraPath(id)}/heartbeat`, body, CameraResponse);
}
